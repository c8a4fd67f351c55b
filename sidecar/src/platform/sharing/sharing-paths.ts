// URL paths of the files_sharing OCS API, each segment encoded.
const SHARES = '/ocs/v2.php/apps/files_sharing/api/v1/shares';

export const sharingPaths = {
  shares: () => SHARES,
  share: (shareId: string) => `${SHARES}/${segment(shareId)}`,
} as const;

function segment(value: string): string {
  return encodeURIComponent(value);
}

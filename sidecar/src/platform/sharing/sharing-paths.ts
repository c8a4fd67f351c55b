// URL paths of the files_sharing OCS API and of public link downloads, each segment encoded.
const SHARES = '/ocs/v2.php/apps/files_sharing/api/v1/shares';

export const sharingPaths = {
  shares: () => SHARES,
  share: (shareId: string) => `${SHARES}/${segment(shareId)}`,
  /** WebDAV root of a public link share (a file share answers its content here). */
  publicDownload: (token: string) => `/public.php/dav/files/${segment(token)}/`,
} as const;

function segment(value: string): string {
  return encodeURIComponent(value);
}

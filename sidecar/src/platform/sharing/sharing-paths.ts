// URL paths of the files_sharing OCS API, each segment encoded.
import { pathSegment } from '../urls.js';

const SHARES = '/ocs/v2.php/apps/files_sharing/api/v1/shares';

export const sharingPaths = {
  shares: () => SHARES,
  share: (shareId: string) => `${SHARES}/${pathSegment(shareId)}`,
} as const;

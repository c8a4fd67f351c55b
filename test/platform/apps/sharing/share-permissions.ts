// The permissions files_sharing stores for a new or changed share (docs/nextcloud-behaviour.md, "Sharing"): defaults
// per type, the share bit a public link always gets, 0 on a user share stored as read, files without create and delete.
import { SHARE_TYPES } from './share-records.js';

/** A refusal of the permissions asked: the HTTP status (OCS v2) and Nextcloud's message. */
export interface PermissionRefusal {
  status: number;
  message: string;
}

const [READ, CREATE, DELETE, SHARE, ALL] = [1, 4, 8, 16, 31];

/** The permissions a new share gets, or Nextcloud's refusal. `asked` is the raw parameter (undefined: not sent). */
export function permissionsOnCreate(
  shareType: number,
  kind: 'file' | 'folder',
  asked: string | undefined,
): number | PermissionRefusal {
  const tokenShare = shareType === SHARE_TYPES.link || shareType === SHARE_TYPES.email;
  let permissions = asked === undefined || asked === '' ? (tokenShare ? READ | SHARE : ALL) : Number(asked);
  if (!Number.isInteger(permissions) || permissions < 0 || permissions > ALL) {
    return { status: 403, message: 'Valid permissions are required for sharing' };
  }
  if (tokenShare) {
    // unverified: an e-mail share is refused and completed like a link (source: docs/nextcloud-behaviour.md states
    // links only), and a link without read or create other than 0 is refused alike (source: the message itself)
    if ((permissions & (READ | CREATE)) === 0) {
      return { status: 400, message: 'Share must at least have READ or CREATE permissions' };
    }
    permissions |= SHARE;
  } else if (permissions === 0) {
    // A user share asked for no permissions is stored read-only (a group share alike: unverified, source: none).
    permissions = READ;
  }
  return kind === 'file' ? permissions & ~(CREATE | DELETE) : permissions;
}

/**
 * The permissions a changed share gets: a user share's are stored as sent, a link's get the share bit.
 * unverified: 0 or more than 31 on update answers 400 "Invalid permissions" (source: none).
 */
export function permissionsOnUpdate(shareType: number, asked: string): number | PermissionRefusal {
  const permissions = Number(asked);
  if (!Number.isInteger(permissions) || permissions < 1 || permissions > ALL) {
    return { status: 400, message: 'Invalid permissions' };
  }
  return shareType === SHARE_TYPES.link ? permissions | SHARE : permissions;
}

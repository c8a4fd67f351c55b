// Who may do what on a board of the deck double: the owner may do everything; a user or group share (an ACL entry)
// grants reading plus the flags it carries (edit, share, manage). Also the JSON Deck gives an ACL entry.
import type { DoubleAccount } from '../../double-app.js';

/** Deck's participant types of an ACL entry: 0 user, 1 group (7, a team, is not served by the double). */
export type AclType = 0 | 1;

export interface AclEntry {
  id: number;
  type: AclType;
  participant: string;
  permissionEdit: boolean;
  permissionShare: boolean;
  permissionManage: boolean;
}

export interface BoardPermissions {
  PERMISSION_READ: boolean;
  PERMISSION_EDIT: boolean;
  PERMISSION_MANAGE: boolean;
  PERMISSION_SHARE: boolean;
}

/** The entries that reach `user`: shares with the user, and with any group the user is in. */
export function entriesFor(acl: AclEntry[], user: DoubleAccount): AclEntry[] {
  return acl.filter((entry) =>
    entry.type === 0 ? entry.participant === user.id : user.groups.includes(entry.participant),
  );
}

/** The permissions of `user` on a board owned by `ownerId` with `acl`; the union of every entry that reaches them. */
export function permissionsOf(ownerId: string, acl: AclEntry[], user: DoubleAccount): BoardPermissions {
  if (ownerId === user.id) {
    return { PERMISSION_READ: true, PERMISSION_EDIT: true, PERMISSION_MANAGE: true, PERMISSION_SHARE: true };
  }
  const entries = entriesFor(acl, user);
  return {
    PERMISSION_READ: entries.length > 0,
    PERMISSION_EDIT: entries.some((entry) => entry.permissionEdit),
    PERMISSION_MANAGE: entries.some((entry) => entry.permissionManage),
    PERMISSION_SHARE: entries.some((entry) => entry.permissionShare),
  };
}

/**
 * An ACL entry as Deck answers it (in a board's `acl` and as the answer to a share). unverified: the shape, and that
 * `participant` is null for a user or group Nextcloud does not know — Deck stores the entry all the same (source:
 * nextcloud/deck docs/API.md "POST /boards/{boardId}/acl" and lib/Db/BoardMapper.php mapAcl()).
 */
export function describeAcl(entry: AclEntry, boardId: number, known: boolean) {
  const { id, type, participant, permissionEdit, permissionShare, permissionManage } = entry;
  return {
    id,
    participant: known ? { primaryKey: participant, uid: participant, displayname: participant } : null,
    type,
    boardId,
    permissionEdit,
    permissionShare,
    permissionManage,
    owner: false,
  };
}

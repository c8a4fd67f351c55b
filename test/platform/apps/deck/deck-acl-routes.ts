// The sharing routes of the deck double: POST /boards/{b}/acl shares a board with a user (type 0) or a group (type 1),
// PUT and DELETE /boards/{b}/acl/{id} change or end a share. Only who holds the share permission may call them, and
// a sharer who is not the owner cannot grant a permission they lack. unverified: all of it (source: nextcloud/deck
// docs/API.md "POST /boards/{boardId}/acl" and lib/Service/BoardService.php addAcl(), updateAcl(), deleteAcl()).
import type { DoubleAccount } from '../../double-app.js';
import { describeAcl, permissionsOf, type AclEntry } from './deck-acl.js';
import { type Body, requireText } from './deck-input.js';
import { DeckError, permissionDenied, type DeckStore } from './deck-store.js';

export function routeAcl(
  store: DeckStore,
  user: DoubleAccount,
  boardId: number,
  aclId: string | undefined,
  method: string,
  body: Body,
) {
  const board = store.boardFor(user, boardId);
  store.requirePermission(user, board, 'PERMISSION_SHARE');
  const describe = (entry: AclEntry) => describeAcl(entry, board.id, store.isKnown(entry.type, entry.participant));
  // A sharer who is not the owner grants at most what they hold.
  const granted = (flag: unknown, held: boolean) => flag === true && (board.owner.uid === user.id || held);
  const held = permissionsOf(board.owner.uid, board.acl, user);
  if (aclId === undefined) {
    if (method !== 'POST') throw new DeckError(405, '');
    const type = body.type === 1 || body.type === '1' ? 1 : 0;
    const entry: AclEntry = {
      id: store.newId(),
      type,
      participant: requireText(body, 'participant'),
      permissionEdit: granted(body.permissionEdit, held.PERMISSION_EDIT),
      permissionShare: granted(body.permissionShare, held.PERMISSION_SHARE),
      permissionManage: granted(body.permissionManage, held.PERMISSION_MANAGE),
    };
    board.acl.push(entry);
    return describe(entry);
  }
  const entry = board.acl.find((candidate) => candidate.id === Number(aclId));
  if (!entry) throw permissionDenied();
  if (method === 'PUT') {
    entry.permissionEdit = granted(body.permissionEdit, held.PERMISSION_EDIT);
    entry.permissionShare = granted(body.permissionShare, held.PERMISSION_SHARE);
    entry.permissionManage = granted(body.permissionManage, held.PERMISSION_MANAGE);
    return describe(entry);
  }
  if (method !== 'DELETE') throw new DeckError(405, '');
  board.acl = board.acl.filter((candidate) => candidate !== entry);
  return describe(entry);
}

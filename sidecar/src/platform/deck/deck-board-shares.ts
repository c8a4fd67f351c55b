// Sharing a Deck board with a user or a group (Deck's ACL API): one call sets what a participant may do, adding,
// changing or removing their share. A participant has at most one share per kind, so an existing one is changed
// rather than added twice.
import { ForbiddenError, InvalidInputError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { getBoard } from './deck-boards.js';
import { toDeckShare, type DeckShare } from './deck-models.js';
import { deckPaths } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

/** What a share allows, each level including the ones before it; `none` removes the share. */
export type BoardAccess = 'none' | 'read' | 'edit' | 'share' | 'manage';

export interface ShareTarget {
  kind: 'user' | 'group';
  id: string;
}

/** Deck's participant types. */
const ACL_TYPE = { user: 0, group: 1 } as const;

/** Sets `target`'s access to the board and answers the board's shares afterwards. */
export async function setBoardShare(
  client: NextcloudClient,
  boardId: number,
  target: ShareTarget,
  access: BoardAccess,
): Promise<DeckShare[]> {
  const board = await getBoard(client, boardId);
  if (!board.canShare) throw new ForbiddenError(`This account may not share board ${boardId}.`);
  const existing = board.shares.find((share) => share.kind === target.kind && share.participant === target.id);
  const what = `board ${boardId}`;
  if (access === 'none') {
    if (existing) await requestDeck(client, deckPaths.acl(boardId, existing.aclId), what, { method: 'DELETE' });
  } else if (existing) {
    const json = permissionsFor(access);
    await requestDeck(client, deckPaths.acl(boardId, existing.aclId), what, { method: 'PUT', json });
  } else {
    const json = { type: ACL_TYPE[target.kind], participant: target.id, ...permissionsFor(access) };
    const added = toDeckShare(await requestDeck(client, deckPaths.acl(boardId), what, { method: 'POST', json }));
    // unverified: Deck keeps a share with an id Nextcloud does not know, its participant null (source: nextcloud/deck
    // lib/Db/BoardMapper.php mapAcl()): take it back and say so.
    if (added.participant === null) {
      await requestDeck(client, deckPaths.acl(boardId, added.aclId), what, { method: 'DELETE' });
      throw new InvalidInputError(
        `Nextcloud has no ${target.kind} "${target.id}"; pass an existing ${target.kind} id.`,
      );
    }
  }
  return (await getBoard(client, boardId)).shares;
}

function permissionsFor(access: Exclude<BoardAccess, 'none'>) {
  const level = ['read', 'edit', 'share', 'manage'].indexOf(access);
  return { permissionEdit: level >= 1, permissionShare: level >= 2, permissionManage: level >= 3 };
}

// The deck tools that change boards, over MCP against the platform double's deck app: create, update and delete a
// board, and share it, with a journey in which a second user (bob, through a sidecar of his own) sees a shared board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { connectClient } from '../support/mcp-client.js';
import { APP_PASSWORD, basicAuth, type TestSidecar } from '../support/sidecar.js';
import { errorText, startBasicSidecar, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Board = { id: number; title: string; archived: boolean };
type Share = { kind: string; id: string | null; access: string };
type RawBoard = { title: string; color: string; archived: boolean; acl: unknown[] };

let harness: ToolHarness;
let bobSidecar: TestSidecar;
let bob: Awaited<ReturnType<typeof connectClient>>;

beforeAll(async () => {
  harness = await startToolHarness({
    users: [
      { id: 'alice', appPasswords: [APP_PASSWORD] },
      { id: 'bob', groups: ['staff'], appPasswords: [APP_PASSWORD] },
      { id: 'carol', groups: ['staff'], appPasswords: [APP_PASSWORD] },
    ],
    apps: [createDeckApp()],
  });
  bobSidecar = await startBasicSidecar(harness.nextcloud.url, 'bob', APP_PASSWORD, { MCP_LIST_ALL_TOOLS: 'true' });
  bob = await connectClient(`${bobSidecar.url}/mcp`);
});
afterAll(async () => {
  await bob.close();
  await bobSidecar.stop();
  await harness.close();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const get = async <T>(name: string, args: Record<string, unknown> = {}) => structured<T>(await call(name, args));
const newBoard = (title: string) => get<Board>('nc_deck_manage_board', { action: 'create', title });
/** The board as Deck keeps it, read as `user` straight from Deck's REST API. */
async function rawBoard(boardId: number, user = 'alice'): Promise<{ status: number; board: RawBoard }> {
  const response = await fetch(`${harness.nextcloud.url}/index.php/apps/deck/api/v1.0/boards/${boardId}`, {
    headers: { authorization: basicAuth(user, APP_PASSWORD) },
  });
  return { status: response.status, board: (await response.json()) as RawBoard };
}
const bobsBoards = async () =>
  structured<{ boards: { id: number }[] }>(await bob.client.callTool({ name: 'nc_deck_list_boards', arguments: {} }))
    .boards;

describe('nc_deck_manage_board', () => {
  it('creates a board, with a colour of its own when none is given', async () => {
    const created = await get<Board>('nc_deck_manage_board', { action: 'create', title: 'Plans' });

    const { board } = await rawBoard(created.id);
    expect(created).toEqual({ id: created.id, title: 'Plans', archived: false });
    expect(board).toMatchObject({ title: 'Plans', color: '0082c9' });
  });

  it('renames, recolours and archives a board, keeping what is not given', async () => {
    const { id } = await newBoard('Draft');

    await call('nc_deck_manage_board', { action: 'update', board_id: id, title: 'Final', color: '#FF0000' });
    await call('nc_deck_manage_board', { action: 'update', board_id: id, archived: true });

    expect((await rawBoard(id)).board).toMatchObject({ title: 'Final', color: 'FF0000', archived: true });
  });

  it('deletes a board, which Deck then refuses to show', async () => {
    const { id } = await newBoard('Old');

    const deleted = await get<Board>('nc_deck_manage_board', { action: 'delete', board_id: id });

    expect(deleted.title).toBe('Old');
    expect((await rawBoard(id)).status).toBe(403);
  });

  it('refuses an update without board_id and a delete with fields, changing nothing', async () => {
    const { id } = await newBoard('Kept');

    const missing = await call('nc_deck_manage_board', { action: 'update', title: 'X' });
    const extra = await call('nc_deck_manage_board', { action: 'delete', board_id: id, title: 'X' });

    expect(errorText(missing)).toContain('update needs board_id');
    expect(errorText(extra)).toContain('delete takes only board_id');
    expect((await rawBoard(id)).board.title).toBe('Kept');
  });
});

describe('nc_deck_share_board', () => {
  it('shares a board with bob, who then lists and reads it through his own sidecar, and unshares it', async () => {
    const { id } = await newBoard('Together');

    const shared = await get<{ shares: Share[] }>('nc_deck_share_board', {
      board_id: id,
      user_id: 'bob',
      access: 'edit',
    });
    const seen = await bobsBoards();
    const read = structured<{ title: string; can_edit: boolean }>(
      await bob.client.callTool({ name: 'nc_deck_get_board', arguments: { board_id: id } }),
    );
    await call('nc_deck_share_board', { board_id: id, user_id: 'bob', access: 'none' });

    expect(shared.shares).toEqual([{ kind: 'user', id: 'bob', access: 'edit' }]);
    expect(seen.map((board) => board.id)).toContain(id);
    expect(read).toMatchObject({ title: 'Together', can_edit: true });
    expect((await bobsBoards()).map((board) => board.id)).not.toContain(id);
  });

  it('shares with a group, reaching its members, and changes the access instead of sharing twice', async () => {
    const { id } = await newBoard('Team');

    await call('nc_deck_share_board', { board_id: id, group_id: 'staff', access: 'read' });
    const changed = await get<{ shares: Share[] }>('nc_deck_share_board', {
      board_id: id,
      group_id: 'staff',
      access: 'manage',
    });

    expect(changed.shares).toEqual([{ kind: 'group', id: 'staff', access: 'manage' }]);
    expect((await rawBoard(id, 'carol')).status).toBe(200);
  });

  it('refuses a user Nextcloud does not know and leaves no share behind', async () => {
    const { id } = await newBoard('Private');

    const result = await call('nc_deck_share_board', { board_id: id, user_id: 'nobody', access: 'read' });

    expect(errorText(result)).toContain('no user \\"nobody\\"');
    expect((await rawBoard(id)).board.acl).toEqual([]);
  });

  it('refuses a sharee without the share permission, and Deck keeps the shares as they were', async () => {
    const { id } = await newBoard('Mine');
    await call('nc_deck_share_board', { board_id: id, user_id: 'bob', access: 'edit' });

    const result = await bob.client.callTool({
      name: 'nc_deck_share_board',
      arguments: { board_id: id, user_id: 'carol', access: 'read' },
    });

    expect(errorText(result)).toContain(`may not share board ${id}`);
    expect((await rawBoard(id)).board.acl).toHaveLength(1);
  });
});

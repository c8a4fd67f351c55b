// The deck double's sharing (ACL), permissions and attachments, as docs/nextcloud-behaviour.md's "What the double
// assumes" for Deck describes them from Deck's sources (not verified on 32.0.2), one test per assumption.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp, type DeckDouble } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { createDeckDoubleClient, type DeckBoard, type DeckDoubleClient } from '../support/deck-double-client.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD';
type Acl = { id: number; participant: { uid: string } | null; permissionEdit: boolean; permissionShare: boolean };

let deckApp: DeckDouble;
let double: PlatformDouble;
let dora: DeckDoubleClient;
let eve: DeckDoubleClient;
let finn: DeckDoubleClient;

beforeAll(async () => {
  deckApp = createDeckApp();
  double = await startPlatformDouble({
    users: [
      { id: 'dora', appPasswords: [PASSWORD] },
      { id: 'eve', appPasswords: [PASSWORD] },
      { id: 'finn', groups: ['crew'], appPasswords: [PASSWORD] },
    ],
    apps: [deckApp],
  });
  const client = (user: string) => createDeckDoubleClient(double.url, user, PASSWORD);
  [dora, eve, finn] = [client('dora'), client('eve'), client('finn')];
});
afterAll(() => double.close());

const newBoard = async () => (await dora.send<DeckBoard>('POST', '/boards', { title: 'B', color: 'ff0000' })).body;
const share = (boardId: number, participant: string, type = 0, flags: Record<string, boolean> = {}) =>
  dora.send<Acl>('POST', `/boards/${boardId}/acl`, { type, participant, permissionEdit: true, ...flags });

describe('deck double: sharing a board', () => {
  it('lets a user see a board once it is shared with them, and not after the share ends', async () => {
    const board = await newBoard();
    const before = await eve.send('GET', `/boards/${board.id}`);

    const added = await share(board.id, 'eve');
    const during = await eve.send('GET', `/boards/${board.id}`);
    await dora.send('DELETE', `/boards/${board.id}/acl/${added.body.id}`);

    expect([before.status, added.status, during.status]).toEqual([403, 200, 200]);
    expect(added.body.participant?.uid).toBe('eve');
    expect((await eve.send('GET', `/boards/${board.id}`)).status).toBe(403);
  });

  it('lets the members of a group see a board shared with the group', async () => {
    const board = await newBoard();

    await share(board.id, 'crew', 1);

    expect((await finn.send('GET', `/boards/${board.id}`)).status).toBe(200);
  });

  it('stores a share with an unknown user, its participant null', async () => {
    const board = await newBoard();

    const added = await share(board.id, 'nobody');

    expect(added.status).toBe(200);
    expect(added.body.participant).toBeNull();
  });

  it('refuses sharing to a sharee without the share permission with 403', async () => {
    const board = await newBoard();
    await share(board.id, 'eve');

    const result = await eve.send('POST', `/boards/${board.id}/acl`, { type: 1, participant: 'crew' });

    expect(result.status).toBe(403);
  });

  it('grants no more than the sharer holds when the sharer is not the owner', async () => {
    const board = await newBoard();
    await share(board.id, 'eve', 0, { permissionEdit: false, permissionShare: true });

    const result = await eve.send<Acl>('POST', `/boards/${board.id}/acl`, {
      type: 1,
      participant: 'crew',
      permissionEdit: true,
      permissionShare: true,
    });

    expect(result.body).toMatchObject({ permissionEdit: false, permissionShare: true });
  });

  it('refuses changing the board and creating stacks and labels without the manage permission', async () => {
    const board = await newBoard();
    await share(board.id, 'eve');

    const answers = await Promise.all([
      eve.send('PUT', `/boards/${board.id}`, { title: 'X', color: '000000' }),
      eve.send('POST', `/boards/${board.id}/stacks`, { title: 'S', order: 0 }),
      eve.send('POST', `/boards/${board.id}/labels`, { title: 'L', color: '000000' }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
  });
});

describe('deck double: attachments', () => {
  it('lists only deck_file attachments under API 1.0 and every kind under 1.1', async () => {
    const { cardPath, card } = await dora.newBoardWithCard();
    deckApp.attachFile(card.id, { type: 'deck_file', name: 'a.pdf', size: 1, mimetype: 'application/pdf' });
    deckApp.attachFile(card.id, { type: 'file', name: 'b.md', size: 2, mimetype: 'text/markdown' });
    const list = async (version: string) => {
      const url = `${double.url}/index.php/apps/deck/api/${version}${cardPath}/attachments`;
      const response = await fetch(url, { headers: { authorization: basicAuth('dora', PASSWORD) } });
      return ((await response.json()) as { data: string }[]).map((attachment) => attachment.data);
    };

    const [old, current] = [await list('v1.0'), await list('v1.1')];

    expect(old).toEqual(['a.pdf']);
    expect(current).toEqual(['a.pdf', 'b.md']);
  });
});

// The deck_card source against the platform double's Deck: every live board's stacks listed (1 + boards requests,
// never If-Modified-Since), deleted boards and cards left out, an unchanged listing reported as unchanged, and cards
// read as text with their board and stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../../test/platform/apps/deck.js';
import { SourceUnavailableError } from '../../../src/knowledge/sync/source-errors.js';
import { createDeckSource } from '../../../src/knowledge/sources/deck-source.js';
import type { SyncContext } from '../../../src/knowledge/sync/sync-source.js';
import { asChanges, startSourceDouble, type Changes, type SourceDouble } from '../../support/source-scans.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const API = '/index.php/apps/deck/api/v1.0';
const source = createDeckSource();
let env: SourceDouble;
let alice: SyncContext;

beforeAll(async () => {
  env = await startSourceDouble({ users: { alice: PASSWORD }, apps: [createDeckApp()] });
  alice = env.contextFor('alice');
});
afterAll(() => env.close());

const deck = <T>(method: string, path: string, json?: unknown) => env.json<T>(method, `${API}${path}`, json);
/** The requests of `act`, none of them conditional (no If-Modified-Since). */
async function requestsDuring<T>(act: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  const { result, requests, seen } = await env.requestsDuring(act);
  expect(seen.every((request) => request.headers['if-modified-since'] === undefined)).toBe(true);
  return { result, requests };
}

let board: { id: number };
let stack: { id: number };
let card: { id: number };
let cursor: string;

describe('deck source', () => {
  it('lists the cards of every live board with their board and stack as hint', async () => {
    board = await deck('POST', '/boards', { title: 'Launch', color: '0082c9' });
    stack = await deck('POST', `/boards/${board.id}/stacks`, { title: 'Doing', order: 1 });
    card = await deck('POST', `/boards/${board.id}/stacks/${stack.id}/cards`, {
      title: 'Write the press release',
      description: '## Draft\nMention the **beta**.',
      duedate: '2027-03-07T10:00:00+00:00',
    });
    const boards = await deck<{ id: number; labels: { id: number; title: string }[] }[]>('GET', '/boards');
    const label = boards.find((b) => b.id === board.id)!.labels[0]!;
    await deck('PUT', `/boards/${board.id}/stacks/${stack.id}/cards/${card.id}/assignLabel`, { labelId: label.id });

    const { result, requests } = await requestsDuring(() => source.scan(alice, undefined));
    const changes = asChanges(result);

    expect(changes.complete).toBe(true);
    expect(changes.changed.find((d) => d.docId === String(card.id))?.hint).toBe(`${board.id}/${stack.id}`);
    // The welcome board's five cards, and ours.
    expect(changes.changed).toHaveLength(6);
    expect(requests.filter((r) => r.startsWith('GET'))).toHaveLength(requests.length);
    expect(requests).toHaveLength(1 + boards.length);
    cursor = changes.cursor;
  });

  it('reports unchanged when no card changed', async () => {
    expect(await source.scan(alice, cursor)).toEqual({ kind: 'unchanged' });
  });

  it('gives a card a new version when it changes, and leaves out deleted cards and deleted boards', async () => {
    const other = await deck<{ id: number }>('POST', `/boards/${board.id}/stacks/${stack.id}/cards`, { title: 'Old' });
    const before = asChanges(await source.scan(alice, cursor));
    await deck('PUT', `/boards/${board.id}/stacks/${stack.id}/cards/${card.id}`, {
      title: 'Write the press release',
      type: 'plain',
      owner: 'alice',
      description: 'Final text',
    });
    await deck('DELETE', `/boards/${board.id}/stacks/${stack.id}/cards/${other.id}`);
    const doomed = await deck<{ id: number }>('POST', '/boards', { title: 'Doomed', color: 'ff0000' });
    const doomedStack = await deck<{ id: number }>('POST', `/boards/${doomed.id}/stacks`, { title: 'S', order: 0 });
    await deck('POST', `/boards/${doomed.id}/stacks/${doomedStack.id}/cards`, { title: 'Gone with the board' });
    await deck('DELETE', `/boards/${doomed.id}`);

    const { result, requests } = await requestsDuring(() => source.scan(alice, before.cursor));
    const after = asChanges(result);

    const version = (changes: Changes, id: number) => changes.changed.find((d) => d.docId === String(id))?.version;
    expect(version(after, card.id)).not.toBe(version(before, card.id));
    expect(after.changed.map((d) => d.docId)).not.toContain(String(other.id));
    expect(after.changed).toHaveLength(6);
    expect(requests.some((r) => r.includes(`/boards/${doomed.id}/`))).toBe(false);
    cursor = after.cursor;
  });

  it('reads a card as Markdown text with board, stack, labels and due date, and links to it in Deck', async () => {
    const document = await source.read(alice, {
      docId: String(card.id),
      version: 'x',
      hint: `${board.id}/${stack.id}`,
    });

    expect(document).toMatchObject({
      docType: 'deck_card',
      title: 'Write the press release',
      mimeType: 'text/markdown',
      link: `/index.php/apps/deck/card/${card.id}`,
      extra: { board: 'Launch', stack: 'Doing' },
    });
    const text = document!.pages[0]!;
    expect(text).toContain('Board: Launch / Doing');
    expect(text).toMatch(/Labels: \w+/);
    expect(text).toContain('Final text');
    const scanned = asChanges(await source.scan(alice, undefined)).changed.find((d) => d.docId === String(card.id));
    expect(document!.version).toBe(scanned?.version);
  });

  it('finds the titles with one board request when the scan did not run in this process', async () => {
    const fresh = createDeckSource();

    const { result, requests } = await requestsDuring(() =>
      fresh.read(alice, { docId: String(card.id), version: 'x', hint: `${board.id}/${stack.id}` }),
    );

    expect(result?.extra).toEqual({ board: 'Launch', stack: 'Doing' });
    expect(requests).toHaveLength(2);
  });

  it('answers null for a deleted or unknown card', async () => {
    const gone = await deck<{ id: number }>('POST', `/boards/${board.id}/stacks/${stack.id}/cards`, { title: 'x' });
    await deck('DELETE', `/boards/${board.id}/stacks/${stack.id}/cards/${gone.id}`);

    expect(await source.read(alice, { docId: String(gone.id), version: 'x', hint: `${board.id}/${stack.id}` })).toBe(
      null,
    );
    expect(await source.read(alice, { docId: '999999', version: 'x' })).toBeNull();
    expect(await source.read(alice, { docId: 'nope', version: 'x' })).toBeNull();
  });

  it('says Deck is unavailable when Nextcloud does not serve it', async () => {
    const bare = await startSourceDouble({ users: { alice: PASSWORD } });
    try {
      await expect(source.scan(bare.contextFor('alice'), undefined)).rejects.toBeInstanceOf(SourceUnavailableError);
    } finally {
      await bare.close();
    }
  });
});

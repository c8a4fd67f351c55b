// The notes source against the platform double: one listing per scan (pruneBefore, no content), changes and
// removals since the cursor, "unchanged" when nothing moved, a clear error without Notes, and fetches of one note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesApp, type NotesDouble } from '../../../test/platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { SourceUnavailableError } from '../../src/sync/source-errors.js';
import { createNotesSource } from '../../src/sync/sources/notes-source.js';
import type { ScanResult, SyncContext } from '../../src/sync/sync-source.js';
import { createTestSyncContexts, type TestSyncContexts } from '../support/sync-context.js';

const PASSWORD = 'NNNNN-NNNNN-NNNNN-NNNNN-NNNNN';
const AUTH = `Basic ${Buffer.from(`nora:${PASSWORD}`).toString('base64')}`;
const source = createNotesSource();
let notes: NotesDouble;
let double: PlatformDouble;
let bare: PlatformDouble;
let contexts: TestSyncContexts;
let bareContexts: TestSyncContexts;
let nora: SyncContext;

beforeAll(async () => {
  notes = createNotesApp();
  double = await startPlatformDouble({ users: [{ id: 'nora', appPasswords: [PASSWORD] }], apps: [notes] });
  bare = await startPlatformDouble({ users: [{ id: 'nora', appPasswords: [PASSWORD] }] });
  contexts = createTestSyncContexts(double.url);
  bareContexts = createTestSyncContexts(bare.url);
  nora = contexts.contextFor('nora', PASSWORD);
});
afterAll(async () => {
  await Promise.all([contexts.close(), bareContexts.close()]);
  await Promise.all([double.close(), bare.close()]);
});

type Changes = Extract<ScanResult, { kind: 'changes' }>;
const asChanges = (result: ScanResult): Changes => {
  if (result.kind !== 'changes') throw new Error(`expected changes, got ${result.kind}`);
  return result;
};

async function requestsDuring(act: () => Promise<unknown>): Promise<string[]> {
  const before = double.requests.length;
  await act();
  return double.requests.slice(before).map((request) => `${request.method} ${request.path}`);
}

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${double.url}/index.php/apps/notes/api/v1${path}`, {
    ...init,
    headers: { authorization: AUTH, 'content-type': 'application/json', accept: 'application/json' },
  });

describe('notes source: scan', () => {
  let cursor = '';

  it('lists every note with its etag on the first scan, in one request without content', async () => {
    const a = notes.seedNote('nora', { title: 'Alpha', content: 'first', category: 'work/projects' });
    const b = notes.seedNote('nora', { title: 'Beta', content: 'second' });
    let result: ScanResult | undefined;

    const requests = await requestsDuring(async () => (result = await source.scan(nora, undefined)));

    const changes = asChanges(result!);
    cursor = changes.cursor;
    expect(requests).toEqual(['GET /index.php/apps/notes/api/v1/notes?pruneBefore=0&exclude=content']);
    expect(changes.complete).toBe(false);
    expect(changes.removed).toEqual([]);
    expect(changes.changed.map((document) => document.docId)).toEqual([String(a.id), String(b.id)]);
    expect(changes.changed.every((document) => /^[0-9a-f]{32}$/.test(document.version))).toBe(true);
  });

  it('answers unchanged with exactly one request when nothing changed', async () => {
    let result: ScanResult | undefined;

    const requests = await requestsDuring(async () => (result = await source.scan(nora, cursor)));

    expect(result).toEqual({ kind: 'unchanged' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(
      /^GET \/index\.php\/apps\/notes\/api\/v1\/notes\?pruneBefore=[1-9]\d*&exclude=content$/,
    );
  });

  it('reports an edited note as changed and a deleted one as removed', async () => {
    const [edited, deleted] = (await (await api('/notes')).json()) as { id: number }[];
    notes.touchNote('nora', edited!.id, 'edited elsewhere');
    await api(`/notes/${deleted!.id}`, { method: 'DELETE' });

    const changes = asChanges(await source.scan(nora, cursor));

    expect(changes.changed.map((document) => document.docId)).toEqual([String(edited!.id)]);
    expect(changes.removed).toEqual([String(deleted!.id)]);
  });

  it('reports a note it never saw even when Notes prunes it to its id', async () => {
    const first = asChanges(await source.scan(nora, undefined));
    const old = notes.seedNote('nora', { title: 'Imported', content: 'old', modified: 1_000_000 });

    const changes = asChanges(await source.scan(nora, first.cursor));

    expect(changes.changed).toEqual([{ docId: String(old.id), version: '' }]);
  });

  it('throws SourceUnavailableError when Notes is not there for the user', async () => {
    const outcome = source.scan(bareContexts.contextFor('nora', PASSWORD), undefined);

    await expect(outcome).rejects.toThrow(SourceUnavailableError);
    await expect(outcome).rejects.toThrow('Notes is not enabled for this account in Nextcloud.');
  });
});

describe('notes source: fetch', () => {
  it('reads a note’s Markdown, category, link, path and etag', async () => {
    const note = notes.seedNote('nora', { title: 'Gamma', content: '# Gamma\n\nbody', category: 'ideas' });

    const fetched = await source.read(nora, { docId: String(note.id), version: '' });

    expect(fetched).toEqual({
      docType: 'note',
      docId: String(note.id),
      title: 'Gamma',
      mimeType: 'text/markdown',
      version: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      filePath: '/Notes/ideas/Gamma.md',
      link: `/index.php/apps/notes/note/${note.id}`,
      modifiedAt: note.modified,
      extra: { category: 'ideas' },
      pages: ['# Gamma\n\nbody'],
    });
  });

  it('answers null for a note that is gone or an id that is not one', async () => {
    const fetched = await Promise.all([
      source.read(nora, { docId: '999999', version: '' }),
      source.read(nora, { docId: '../settings', version: '' }),
    ]);

    expect(fetched).toEqual([null, null]);
  });
});

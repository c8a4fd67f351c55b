// The notes source against the platform double: one listing per scan (pruneBefore, no content), changes and
// removals since the cursor, "unchanged" when nothing moved, a clear error without Notes, fetches of one note, and
// changed notes read with their content in chunks so that their fetches ask Nextcloud nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesApp, type NotesDouble } from '../../../../test/platform/apps/notes.js';
import { SourceUnavailableError } from '../../../src/knowledge/sync/source-errors.js';
import { createNotesSource } from '../../../src/knowledge/sources/notes-source.js';
import type { SyncContext } from '../../../src/knowledge/sync/sync-source.js';
import { asChanges, startSourceDouble, type SourceDouble } from '../../support/source-scans.js';

const PASSWORD = 'NNNNN-NNNNN-NNNNN-NNNNN-NNNNN';
const source = createNotesSource();
let notes: NotesDouble;
let env: SourceDouble;
/** A Nextcloud without the Notes app. */
let bare: SourceDouble;
let nora: SyncContext;

beforeAll(async () => {
  notes = createNotesApp();
  env = await startSourceDouble({ users: { nora: PASSWORD, ingrid: PASSWORD, olga: PASSWORD }, apps: [notes] });
  bare = await startSourceDouble({ users: { nora: PASSWORD } });
  nora = env.contextFor('nora');
});
afterAll(() => Promise.all([env.close(), bare.close()]));

const api = (path: string, init: { method?: string; body?: string } = {}) =>
  env.request(`/index.php/apps/notes/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
  });

describe('notes source: scan', () => {
  let cursor = '';

  it('lists every note with its etag on the first scan without content, then the changed ones with it', async () => {
    const a = notes.seedNote('nora', { title: 'Alpha', content: 'first', category: 'work/projects' });
    const b = notes.seedNote('nora', { title: 'Beta', content: 'second' });

    const { result, requests } = await env.requestsDuring(() => source.scan(nora, undefined));

    const changes = asChanges(result);
    cursor = changes.cursor;
    expect(requests).toEqual([
      'GET /index.php/apps/notes/api/v1/notes?pruneBefore=0&exclude=content',
      'GET /index.php/apps/notes/api/v1/notes?pruneBefore=0&chunkSize=50',
    ]);
    expect(changes.complete).toBe(false);
    expect(changes.removed).toEqual([]);
    expect(changes.changed.map((document) => document.docId)).toEqual([String(a.id), String(b.id)]);
    expect(changes.changed.every((document) => /^[0-9a-f]{32}$/.test(document.version))).toBe(true);
  });

  it('answers unchanged with exactly one request when nothing changed', async () => {
    const { result, requests } = await env.requestsDuring(() => source.scan(nora, cursor));

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
    const outcome = source.scan(bare.contextFor('nora'), undefined);

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

  it('reads a .txt note (Notes keeps them beside .md ones) as plain text', async () => {
    await api('/settings', { method: 'PUT', body: JSON.stringify({ fileSuffix: '.txt' }) });
    const created = (await (
      await api('/notes', { method: 'POST', body: JSON.stringify({ title: 'Plain', content: 'just text' }) })
    ).json()) as { id: number };
    await api('/settings', { method: 'PUT', body: JSON.stringify({ fileSuffix: '.md' }) });

    const fetched = await source.read(nora, { docId: String(created.id), version: '' });

    expect([fetched?.filePath, fetched?.mimeType]).toEqual(['/Notes/Plain.txt', 'text/plain']);
  });

  it('answers null for a note that is gone or an id that is not one', async () => {
    const fetched = await Promise.all([
      source.read(nora, { docId: '999999', version: '' }),
      source.read(nora, { docId: '../settings', version: '' }),
    ]);

    expect(fetched).toEqual([null, null]);
  });
});

describe('notes source: changed notes read in chunks', () => {
  it('reads 120 changed notes in three chunks, and their fetches ask Nextcloud nothing', async () => {
    const ingrid = env.contextFor('ingrid');
    const seeded = Array.from({ length: 120 }, (_, i) =>
      notes.seedNote('ingrid', { title: `Note ${i}`, content: `text number ${i}` }),
    );

    const scanned = await env.requestsDuring(() => source.scan(ingrid, undefined));
    const changes = asChanges(scanned.result);
    const fetched = await env.requestsDuring(() =>
      Promise.all(changes.changed.map((document) => source.read(ingrid, document))),
    );

    expect(scanned.requests).toHaveLength(1 + 3);
    expect(scanned.requests.slice(1).every((line) => line.includes('chunkSize=50'))).toBe(true);
    expect(fetched.requests).toEqual([]);
    expect(fetched.result.map((document) => document?.pages)).toEqual(seeded.map((note) => [note.content]));
    expect(fetched.result.map((document) => document?.version)).toEqual(changes.changed.map((d) => d.version));
  });

  it('indexes a note edited after the scan as the scan saw it, and the next scan brings the edit', async () => {
    const ingrid = env.contextFor('ingrid');
    const first = asChanges(await source.scan(ingrid, undefined));
    const draft = notes.seedNote('ingrid', { title: 'Draft', content: 'draft one' });
    notes.seedNote('ingrid', { title: 'Other', content: 'other' });
    const changes = asChanges(await source.scan(ingrid, first.cursor));
    const seen = changes.changed.find((document) => document.docId === String(draft.id))!;
    notes.touchNote('ingrid', draft.id, 'draft two');

    const kept = await env.requestsDuring(() => source.read(ingrid, seen));
    const next = asChanges(await source.scan(ingrid, changes.cursor));
    const edited = await source.read(
      ingrid,
      next.changed.find((document) => document.docId === String(draft.id))!,
    );

    expect(kept.requests).toEqual([]);
    expect([kept.result?.pages, kept.result?.version]).toEqual([['draft one'], seen.version]);
    expect(edited?.pages).toEqual(['draft two']);
    expect(edited?.version).not.toBe(seen.version);
  });

  it('reads a note queued at a version it did not keep (a webhook, another replica) on its own', async () => {
    const ingrid = env.contextFor('ingrid');
    const first = asChanges(await source.scan(ingrid, undefined));
    const memo = notes.seedNote('ingrid', { title: 'Memo', content: 'memo text' });
    notes.seedNote('ingrid', { title: 'Aside', content: 'aside' });
    await source.scan(ingrid, first.cursor);

    const { result, requests } = await env.requestsDuring(() =>
      source.read(ingrid, { docId: String(memo.id), version: '' }),
    );

    expect(requests).toEqual([`GET /index.php/apps/notes/api/v1/notes/${memo.id}`]);
    expect(result?.pages).toEqual(['memo text']);
  });

  it('reads no chunk when a single note changed: its fetch costs the one request', async () => {
    const olga = env.contextFor('olga');
    notes.seedNote('olga', { title: 'Only', content: 'alone' });

    const scanned = await env.requestsDuring(() => source.scan(olga, undefined));
    const [only] = asChanges(scanned.result).changed;
    const fetched = await env.requestsDuring(() => source.read(olga, only!));

    expect(scanned.requests).toHaveLength(1);
    expect(fetched.requests).toHaveLength(1);
    expect(fetched.result?.pages).toEqual(['alone']);
  });
});

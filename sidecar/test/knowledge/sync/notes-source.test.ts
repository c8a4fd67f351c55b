// The notes source against the platform double: one listing per scan (pruneBefore, no content), changes and
// removals since the cursor, "unchanged" when nothing moved, a clear error without Notes, and fetches of one note.
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
  env = await startSourceDouble({ users: { nora: PASSWORD }, apps: [notes] });
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

  it('lists every note with its etag on the first scan, in one request without content', async () => {
    const a = notes.seedNote('nora', { title: 'Alpha', content: 'first', category: 'work/projects' });
    const b = notes.seedNote('nora', { title: 'Beta', content: 'second' });

    const { result, requests } = await env.requestsDuring(() => source.scan(nora, undefined));

    const changes = asChanges(result);
    cursor = changes.cursor;
    expect(requests).toEqual(['GET /index.php/apps/notes/api/v1/notes?pruneBefore=0&exclude=content']);
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

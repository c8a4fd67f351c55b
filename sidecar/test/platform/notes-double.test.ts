// The notes app of the platform double behaves as platform-api.md says the Notes API does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesApp, type NotesDouble } from '../../../test/platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'NNNNN-NNNNN-NNNNN-NNNNN-NNNNN';
const AUTH = { authorization: basicAuth('nora', PASSWORD), accept: 'application/json' };
let double: PlatformDouble;
let notes: NotesDouble;
let api: string;

beforeAll(async () => {
  notes = createNotesApp();
  double = await startPlatformDouble({ users: [{ id: 'nora', appPasswords: [PASSWORD] }], apps: [notes] });
  api = `${double.url}/index.php/apps/notes/api/v1`;
});
afterAll(() => double.close());

const post = (body: unknown) =>
  fetch(`${api}/notes`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('notes double', () => {
  it('publishes the notes capability with its API versions', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, { headers: AUTH });

    const body = (await response.json()) as { ocs: { data: { capabilities: Record<string, unknown> } } };
    expect(body.ocs.data.capabilities.notes).toEqual({ api_version: ['0.2', '1.3'], version: '4.12.0' });
  });

  it('answers 401 without credentials', async () => {
    const response = await fetch(`${api}/notes`);

    expect(response.status).toBe(401);
  });

  it('creates a note and serves it with an ETag that matches its etag field', async () => {
    const created = (await (await post({ title: 'Shopping', content: 'milk', category: 'Home' })).json()) as {
      id: number;
    };

    const response = await fetch(`${api}/notes/${created.id}`, { headers: AUTH });

    const note = (await response.json()) as { etag: string; title: string; content: string; category: string };
    expect(response.status).toBe(200);
    expect(note).toMatchObject({ title: 'Shopping', content: 'milk', category: 'Home' });
    expect(response.headers.get('etag')).toBe(`"${note.etag}"`);
  });

  it('lists in chunks with X-Notes-Chunk-Cursor, filters by category and excludes content', async () => {
    for (const title of ['c1', 'c2', 'c3']) await post({ title, content: 'x', category: 'Chunked' });

    const first = await fetch(`${api}/notes?category=Chunked&chunkSize=2&exclude=content`, { headers: AUTH });
    const cursor = first.headers.get('x-notes-chunk-cursor');
    const second = await fetch(`${api}/notes?category=Chunked&chunkSize=2&chunkCursor=${cursor}`, { headers: AUTH });

    const firstNotes = (await first.json()) as { title: string; content?: string }[];
    expect(firstNotes.map((n) => n.title)).toEqual(['c1', 'c2']);
    expect(firstNotes[0]).not.toHaveProperty('content');
    expect(cursor).toBeTruthy();
    expect(((await second.json()) as { title: string }[]).map((n) => n.title)).toEqual(['c3']);
    expect(second.headers.get('x-notes-chunk-cursor')).toBeNull();
  });

  it('returns notes older than pruneBefore as their id only', async () => {
    const old = notes.seedNote('nora', { title: 'Old', category: 'Pruned', modified: 1000 });

    const response = await fetch(`${api}/notes?category=Pruned&pruneBefore=2000`, { headers: AUTH });

    expect(await response.json()).toEqual([{ id: old.id }]);
  });

  it('answers a PUT with a stale If-Match with 412 and the current note', async () => {
    const note = (await (await post({ title: 'Race', content: 'v1' })).json()) as { id: number; etag: string };
    notes.touchNote('nora', note.id, 'v2 from elsewhere');

    const response = await fetch(`${api}/notes/${note.id}`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json', 'if-match': `"${note.etag}"` },
      body: JSON.stringify({ content: 'v1 edited' }),
    });

    expect(response.status).toBe(412);
    expect(await response.json()).toMatchObject({ id: note.id, content: 'v2 from elsewhere' });
  });

  it('answers 403 when writing a read-only note, and 404 for a missing one', async () => {
    const shared = notes.seedNote('nora', { title: 'Shared', content: 'ro', readonly: true });

    const put = await fetch(`${api}/notes/${shared.id}`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'changed' }),
    });
    const missing = await fetch(`${api}/notes/999999`, { headers: AUTH });

    expect(put.status).toBe(403);
    expect(missing.status).toBe(404);
  });

  it('deletes a note', async () => {
    const note = (await (await post({ title: 'Bye' })).json()) as { id: number };

    const response = await fetch(`${api}/notes/${note.id}`, { method: 'DELETE', headers: AUTH });

    expect(response.status).toBe(200);
    expect((await fetch(`${api}/notes/${note.id}`, { headers: AUTH })).status).toBe(404);
  });

  it('reads and writes the settings', async () => {
    const put = await fetch(`${api}/settings`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ notesPath: 'Docs/Notes', fileSuffix: '.txt' }),
    });

    const settings = await (await fetch(`${api}/settings`, { headers: AUTH })).json();
    expect(put.status).toBe(200);
    expect(settings).toMatchObject({ notesPath: 'Docs/Notes', fileSuffix: '.txt' });
  });

  it('answers 507 to writes when the quota is exceeded', async () => {
    notes.setQuotaExceeded('nora', true);

    const response = await post({ title: 'Too big' });

    notes.setQuotaExceeded('nora', false);
    expect(response.status).toBe(507);
  });
});

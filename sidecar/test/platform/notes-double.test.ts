// The notes app of the platform double behaves as docs/nextcloud-behaviour.md says Notes 5.0 does, one test per fact.
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

type Note = { id: number; title: string; content: string; category: string; etag: string };
const post = (body: unknown) =>
  fetch(`${api}/notes`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const create = async (body: unknown) => (await (await post(body)).json()) as Note;
const put = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${api}/notes/${id}`, {
    method: 'PUT',
    headers: { ...AUTH, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const list = (query: string) => fetch(`${api}/notes?${query}`, { headers: AUTH });

describe('notes double: the app', () => {
  it('publishes the notes capability with its API versions and notes path', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, {
      headers: { ...AUTH, 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { data: { capabilities: Record<string, unknown> } } };
    expect(body.ocs.data.capabilities.notes).toEqual({
      api_version: ['0.2', '1.3', '1.4'],
      version: '5.0.2',
      notes_path: 'Notes',
    });
  });

  it('answers 401 without credentials', async () => {
    expect((await fetch(`${api}/notes`)).status).toBe(401);
  });

  it('answers an unknown API version or path with 400 []', async () => {
    const [version, path] = await Promise.all([
      fetch(`${double.url}/index.php/apps/notes/api/v2/notes`, { headers: AUTH }),
      fetch(`${api}/nonsense`, { headers: AUTH }),
    ]);

    expect([version.status, await version.json(), path.status, await path.json()]).toEqual([400, [], 400, []]);
  });

  it('reads and writes the settings partially, answering all of them', async () => {
    const response = await fetch(`${api}/settings`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ fileSuffix: '.txt' }),
    });

    expect(await response.json()).toEqual({ notesPath: 'Notes', fileSuffix: '.txt', noteMode: 'rich' });
    await fetch(`${api}/settings`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ fileSuffix: '.md' }),
    });
  });
});

describe('notes double: notes', () => {
  it('answers a create with 200 (not 201) and the note with every field', async () => {
    const response = await post({ title: 'Shopping', content: 'milk', category: 'Home' });

    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object).sort()).toEqual(
      [
        'id',
        'title',
        'modified',
        'category',
        'favorite',
        'readonly',
        'internalPath',
        'shareTypes',
        'isShared',
        'error',
        'errorType',
        'content',
        'etag',
      ].sort(),
    );
  });

  it('serves a note with an ETag header that is its quoted etag field', async () => {
    const created = await create({ title: 'Tagged', content: 'x' });

    const response = await fetch(`${api}/notes/${created.id}`, { headers: AUTH });

    const note = (await response.json()) as Note;
    expect(response.headers.get('etag')).toBe(`"${note.etag}"`);
  });

  it('gives a taken title " (2)"', async () => {
    await create({ title: 'Twice', category: 'Dup' });

    const second = await create({ title: 'Twice', category: 'Dup' });

    expect(second.title).toBe('Twice (2)');
  });

  it('cleans a title and a category as file and folder names', async () => {
    const note = await create({ title: '  .hid*den: a/b?  ', category: '/a//b./.c/' });

    expect(note).toMatchObject({ title: 'hidden ab', category: 'a/b./c' });
  });

  it('answers a create without an ETag header', async () => {
    const response = await post({ title: 'No header' });

    expect(response.headers.get('etag')).toBeNull();
  });

  it('takes modified from a create, keeping the note in full for a pruneBefore after it', async () => {
    const note = await create({ title: 'Backdated', category: 'Backdated', modified: 1000 });

    const response = await list(`category=Backdated&pruneBefore=${Math.floor(Date.now() / 1000) - 60}`);

    expect(await response.json()).toEqual([expect.objectContaining({ id: note.id, modified: 1000 })]);
  });

  it('keeps a .md note’s file when the suffix setting changes to .txt, and lists both', async () => {
    const settings = (body: unknown) =>
      fetch(`${api}/settings`, {
        method: 'PUT',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const markdown = await create({ title: 'Markdown', category: 'Suffixes' });
    await settings({ fileSuffix: '.txt' });

    const text = await create({ title: 'Plain', category: 'Suffixes' });

    await settings({ fileSuffix: '.md' });
    const listed = (await (await list('category=Suffixes')).json()) as { id: number; internalPath: string }[];
    expect(listed.map((n) => [n.id, n.internalPath])).toEqual([
      [markdown.id, '/Notes/Suffixes/Markdown.md'],
      [text.id, '/Notes/Suffixes/Plain.txt'],
    ]);
  });

  it('renames with title and moves with category on PUT, keeping the other fields', async () => {
    const note = await create({ title: 'Movable', content: 'body' });

    const response = await put(note.id, { title: 'Moved', category: 'Work/Ideas' });

    expect(await response.json()).toMatchObject({
      title: 'Moved',
      category: 'Work/Ideas',
      content: 'body',
      internalPath: '/Notes/Work/Ideas/Moved.md',
    });
  });

  it('answers a PUT with a stale If-Match with 412 and the current note', async () => {
    const note = await create({ title: 'Race', content: 'v1' });
    notes.touchNote('nora', note.id, 'v2 from elsewhere');

    const response = await put(note.id, { content: 'v1 edited' }, { 'if-match': `"${note.etag}"` });

    expect(response.status).toBe(412);
    expect(await response.json()).toMatchObject({ id: note.id, content: 'v2 from elsewhere' });
  });

  it('never matches an unquoted If-Match', async () => {
    const note = await create({ title: 'Unquoted', content: 'v1' });

    const response = await put(note.id, { content: 'v2' }, { 'if-match': note.etag });

    expect(response.status).toBe(412);
  });

  it('answers an unknown id with 404 {errorType: NoteDoesNotExistException}', async () => {
    const response = await fetch(`${api}/notes/999999`, { headers: AUTH });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errorType: 'OCA\\Notes\\Service\\NoteDoesNotExistException' });
  });

  it('answers a write to a read-only note with 403', async () => {
    const shared = notes.seedNote('nora', { title: 'Shared', content: 'ro', readonly: true });

    const response = await put(shared.id, { content: 'changed' });

    expect(response.status).toBe(403);
  });

  it('answers a write to a locked note with 423', async () => {
    const locked = notes.seedNote('nora', { title: 'Locked', content: 'x', locked: true });

    const response = await put(locked.id, { content: 'changed' });

    expect(response.status).toBe(423);
  });

  it('answers writes with 507 when the quota is exceeded', async () => {
    notes.setQuotaExceeded('nora', true);

    const response = await post({ title: 'Too big' });

    notes.setQuotaExceeded('nora', false);
    expect(response.status).toBe(507);
  });

  it('deletes a note with 200 []', async () => {
    const note = await create({ title: 'Bye' });

    const response = await fetch(`${api}/notes/${note.id}`, { method: 'DELETE', headers: AUTH });

    expect([response.status, await response.json()]).toEqual([200, []]);
    expect((await fetch(`${api}/notes/${note.id}`, { headers: AUTH })).status).toBe(404);
  });
});

describe('notes double: listing', () => {
  it('sends ETag, Last-Modified and X-Notes-API-Versions with the list', async () => {
    const response = await list('');

    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(response.headers.get('x-notes-api-versions')).toBe('0.2, 1.3, 1.4');
  });

  it('answers the time of the request as Last-Modified, not the newest note’s', async () => {
    notes.seedNote('nora', { title: 'Ancient', category: 'Ancient', modified: 1000 });

    const response = await list('category=Ancient');

    const lastModified = Date.parse(response.headers.get('last-modified') ?? '');
    expect(Math.abs(lastModified - Date.now())).toBeLessThan(5_000);
  });

  it('keeps etag in the notes when exclude names it', async () => {
    const response = await list('category=Ancient&exclude=content,etag');

    expect((await response.json()) as object[]).toEqual([expect.objectContaining({ etag: expect.any(String) })]);
  });

  it('lists in chunks with X-Notes-Chunk-Cursor and X-Notes-Chunk-Pending, excluding content on request', async () => {
    for (const title of ['c1', 'c2', 'c3']) await create({ title, content: 'x', category: 'Chunked' });

    const first = await list('category=Chunked&chunkSize=2&exclude=content');
    const cursor = first.headers.get('x-notes-chunk-cursor');
    const second = await list(`category=Chunked&chunkSize=2&chunkCursor=${cursor}`);

    const firstNotes = (await first.json()) as { title: string; content?: string }[];
    expect(cursor).toMatch(/^\d+-\d+-\d+$/);
    expect(firstNotes.map((n) => n.title)).toEqual(['c1', 'c2']);
    expect(firstNotes[0]).not.toHaveProperty('content');
    expect(first.headers.get('x-notes-chunk-pending')).toBe('1');
    expect(second.headers.get('x-notes-chunk-cursor')).toBeNull();
    const secondNotes = (await second.json()) as { id: number; title?: string }[];
    expect(secondNotes.filter((n) => n.title).map((n) => n.title)).toEqual(['c3']);
  });

  it('lists every other note as {id} in the last chunk', async () => {
    const first = await list('category=Chunked&chunkSize=2');
    const last = await list(`category=Chunked&chunkSize=2&chunkCursor=${first.headers.get('x-notes-chunk-cursor')}`);

    const entries = (await last.json()) as Record<string, unknown>[];
    expect(entries.filter((entry) => Object.keys(entry).length === 1)).toHaveLength(2);
  });

  it('returns notes older than pruneBefore as their id only', async () => {
    const old = notes.seedNote('nora', { title: 'Old', category: 'Pruned', modified: 1000 });

    const response = await list('category=Pruned&pruneBefore=2000');

    expect(await response.json()).toEqual([{ id: old.id }]);
  });
});

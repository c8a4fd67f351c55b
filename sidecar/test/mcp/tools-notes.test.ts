// The notes tools over MCP, against the platform double's notes app, with the sidecar in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesApp, type NotesDouble } from '../../../test/platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from '../support/mcp-client.js';
import { listedToolNames } from '../support/tool-calls.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

type Client = Awaited<ReturnType<typeof connectClient>>;
type Note = { id: number; title: string; content: string; category: string; etag: string; modified_at: string };
type Change = { id: number; title: string; etag: string };

let notes: NotesDouble;
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let mcp: Client;

beforeAll(async () => {
  notes = createNotesApp();
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [notes] });
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    MCP_LIST_ALL_TOOLS: 'true',
  });
  mcp = await connectClient(`${sidecar.url}/mcp`);
});
afterAll(async () => {
  await mcp.close();
  await sidecar.stop();
  await nextcloud.close();
});

const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });
const create = async (args: Record<string, unknown>) =>
  (await call('nc_notes_create', args)).structuredContent as Change;

describe('notes tools', () => {
  it('lists the notes tools when Nextcloud has the notes app', async () => {
    const { tools } = await mcp.client.listTools();

    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'nc_notes_list',
        'nc_notes_get',
        'nc_notes_search',
        'nc_notes_create',
        'nc_notes_update',
        'nc_notes_append',
        'nc_notes_delete',
      ]),
    );
  });

  it('creates a note and reads it back with its etag', async () => {
    const created = await create({ title: 'Groceries', content: '- milk', category: 'Home' });

    const result = await call('nc_notes_get', { note_id: created.id });

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      id: created.id,
      title: 'Groceries',
      content: '- milk',
      category: 'Home',
      favorite: false,
      etag: created.etag,
    });
    expect((result.structuredContent as Note).etag).toMatch(/^[0-9a-f]{32}$/);
  });

  it('pages through a category with next_cursor', async () => {
    for (const title of ['p1', 'p2', 'p3', 'p4', 'p5']) await create({ title, content: title, category: 'Paged' });
    const titles: string[] = [];
    let cursor: string | undefined;
    let pages = 0;

    do {
      const page = (await call('nc_notes_list', { category: 'Paged', limit: 2, ...(cursor ? { cursor } : {}) }))
        .structuredContent as { notes: { title: string }[]; next_cursor: string | null };
      titles.push(...page.notes.map((note) => note.title));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);

    expect(titles).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(pages).toBe(3);
  });

  it('updates a note with the etag it was read at', async () => {
    const note = await create({ title: 'Draft', content: 'one' });

    const result = await call('nc_notes_update', { note_id: note.id, etag: note.etag, content: 'two', favorite: true });

    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as Change).etag).not.toBe(note.etag);
    const after = (await call('nc_notes_get', { note_id: note.id })).structuredContent as Note;
    expect(after).toMatchObject({ content: 'two', favorite: true });
  });

  it('refuses an update with a stale etag as a conflict and keeps the other change', async () => {
    const note = await create({ title: 'Shared plan', content: 'mine' });
    notes.touchNote('alice', note.id, 'theirs');

    const result = await call('nc_notes_update', { note_id: note.id, etag: note.etag, content: 'overwrite' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('changed since you read it');
    const after = (await call('nc_notes_get', { note_id: note.id })).structuredContent as Note;
    expect(after.content).toBe('theirs');
  });

  it('appends on a new line, keeping what changed elsewhere', async () => {
    const note = await create({ title: 'Log', content: 'first' });
    notes.touchNote('alice', note.id, 'first\nedited elsewhere');

    await call('nc_notes_append', { note_id: note.id, text: 'second' });

    const after = (await call('nc_notes_get', { note_id: note.id })).structuredContent as Note;
    expect(after.content).toBe('first\nedited elsewhere\nsecond');
  });

  it('reports a read-only note as forbidden', async () => {
    const shared = notes.seedNote('alice', { title: 'From Bob', content: 'x', readonly: true });

    const result = await call('nc_notes_append', { note_id: shared.id, text: 'y' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('read-only');
  });

  it('searches titles and content, in pages', async () => {
    for (const n of [1, 2, 3]) await create({ title: `Recipe ${n}`, content: `uses zucchini number ${n}` });
    await create({ title: 'Unrelated', content: 'nothing here' });

    const first = (await call('nc_notes_search', { query: 'ZUCCHINI', limit: 2 })).structuredContent as {
      matches: { title: string; excerpt: string }[];
      next_cursor: string | null;
    };
    const second = (await call('nc_notes_search', { query: 'zucchini', limit: 2, cursor: first.next_cursor }))
      .structuredContent as { matches: { title: string }[]; next_cursor: string | null };

    expect(first.matches.map((m) => m.title)).toEqual(['Recipe 1', 'Recipe 2']);
    expect(first.matches[0]?.excerpt).toContain('zucchini number 1');
    expect(second.matches.map((m) => m.title)).toEqual(['Recipe 3']);
    expect(second.next_cursor).toBeNull();
  });

  it('deletes a note, after which reading it is a not-found error', async () => {
    const note = await create({ title: 'Temporary' });

    const deleted = await call('nc_notes_delete', { note_id: note.id });

    expect(deleted.structuredContent).toEqual({ id: note.id });
    const read = await call('nc_notes_get', { note_id: note.id });
    expect(read.isError).toBe(true);
    expect(JSON.stringify(read.content)).toContain(`no note with id ${note.id}`);
  });

  it('refuses a title with "/", which Notes would silently drop, pointing to category', async () => {
    const result = await call('nc_notes_create', { title: 'Q1/Q2 plan', content: 'x' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/cannot contain \/.*use category for folders/);
    const { notes: listed } = (await call('nc_notes_list', {})).structuredContent as { notes: { title: string }[] };
    expect(listed.map((note) => note.title)).not.toContain('Q1Q2 plan');
  });

  it('refuses a category whose folder names Notes would change', async () => {
    const result = await call('nc_notes_create', { title: 'Plan', category: 'Work: Q1' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('a category is a folder path');
  });

  it('reports the title Notes stored when the title is taken', async () => {
    await create({ title: 'Minutes', category: 'Meetings' });

    const second = await create({ title: 'Minutes', category: 'Meetings' });

    expect(second).toMatchObject({ title: 'Minutes (2)' });
  });

  it('names the note note_id in every input, never a bare id', async () => {
    const { tools } = await mcp.client.listTools();

    const inputs = tools
      .filter((tool) => tool.name.startsWith('nc_notes_'))
      .flatMap((tool) => Object.keys(tool.inputSchema.properties ?? {}));
    expect(inputs).toContain('note_id');
    expect(inputs).not.toContain('id');
  });

  it('answers a schema violation with an error naming the field', async () => {
    const result = await call('nc_notes_create', { title: 'x'.repeat(101) });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/title/);
  });
});

describe('notes tools without the notes app', () => {
  it('are not listed when Nextcloud has no notes app', async () => {
    const tools = (await listedToolNames()).map((name) => ({ name }));

    expect(tools.map((tool) => tool.name)).toContain('nc_core_whoami');
    expect(tools.some((tool) => tool.name.startsWith('nc_notes_'))).toBe(false);
  });
});

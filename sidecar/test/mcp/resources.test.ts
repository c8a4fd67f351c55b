// Resource templates for notes, files and calendar events, read with the SDK client; NEXTCLOUD_MCP_APPS narrows the
// offered tools and templates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { connectClient } from '../support/mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

let radicale: RunningRadicale;
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let narrowed: TestSidecar;
const files = createFilesApp();

beforeAll(async () => {
  radicale = await startRadicale();
  nextcloud = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
    apps: [files, createNotesApp(), createDavApp(radicale), createDeckApp()],
  });
  const env = { NEXTCLOUD_HOST: nextcloud.url, NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: APP_PASSWORD };
  sidecar = await startTestSidecar(env);
  narrowed = await startTestSidecar({ ...env, NEXTCLOUD_MCP_APPS: 'notes' });
});
afterAll(async () => {
  await sidecar.stop();
  await narrowed.stop();
  await nextcloud.close();
  await radicale.stop();
});

describe('resource templates', () => {
  it('are listed for notes, files and calendar events', async () => {
    const { client, close } = await connectClient(`${sidecar.url}/mcp`);

    const { resourceTemplates } = await client.listResourceTemplates();

    await close();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'nextcloud://notes/{id}',
      'nextcloud://files/{+path}',
      'nextcloud://calendar/{calendar_id}/{event_id}',
    ]);
  });

  it('read a note as Markdown', async () => {
    const { client, close } = await connectClient(`${sidecar.url}/mcp`);
    const created = await client.callTool({
      name: 'nc_notes_create',
      arguments: { title: 'Groceries', content: '# Groceries\n\n- milk' },
    });
    const id = (created.structuredContent as { id: number }).id;

    const read = await client.readResource({ uri: `nextcloud://notes/${id}` });

    await close();
    expect(read.contents[0]).toMatchObject({ uri: `nextcloud://notes/${id}`, mimeType: 'text/markdown' });
    expect((read.contents[0] as { text: string }).text).toContain('- milk');
  });

  it('read a text file by its path with one GET, and refuse traversal and folders', async () => {
    files.seedFile('alice', 'Documents/Q1 plan/plan.md', 'Ship it.');
    const { client, close } = await connectClient(`${sidecar.url}/mcp`);
    const before = nextcloud.requests.length;

    const read = await client.readResource({ uri: 'nextcloud://files/Documents/Q1%20plan/plan.md' });
    const davRequests = nextcloud.requests
      .slice(before)
      .filter((request) => request.path.startsWith('/remote.php/dav'))
      .map((request) => `${request.method} ${request.path}`);
    const traversal = await client
      .readResource({ uri: 'nextcloud://files/Documents/../../etc/passwd' })
      .catch((error: Error) => error);
    const folder = await client.readResource({ uri: 'nextcloud://files/Documents' }).catch((error: Error) => error);

    await close();
    expect((read.contents[0] as { text: string }).text).toBe('Ship it.');
    expect(davRequests).toEqual(['GET /remote.php/dav/files/alice/Documents/Q1%20plan/plan.md']);
    expect(traversal).toBeInstanceOf(Error);
    expect(String(folder)).toMatch(/is a folder/);
  });

  it('read a calendar event as JSON', async () => {
    const { client, close } = await connectClient(`${sidecar.url}/mcp`);
    const created = await client.callTool({
      name: 'nc_calendar_create_event',
      arguments: { summary: 'Review', start: '2025-05-05T10:00:00Z' },
    });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const id = (created.structuredContent as { id: string }).id;

    const read = await client.readResource({ uri: `nextcloud://calendar/personal/${id}` });

    await close();
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({
      id,
      calendar_id: 'personal',
      summary: 'Review',
      start: '2025-05-05T10:00:00Z',
    });
  });
});

describe('NEXTCLOUD_MCP_APPS', () => {
  it('offers only the named apps (and the core tools)', async () => {
    const { client, close } = await connectClient(`${narrowed.url}/mcp`);

    const { tools } = await client.listTools();
    const { resourceTemplates } = await client.listResourceTemplates();

    await close();
    const apps = new Set(tools.map((tool) => tool.name.split('_')[1]));
    expect([...apps].sort()).toEqual(['core', 'notes']);
    expect(resourceTemplates.map((t) => t.name)).toEqual(['note']);
  });
});

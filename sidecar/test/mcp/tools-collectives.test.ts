// The collectives tools over MCP, against the platform double's Collectives and files apps, with the sidecar in basic
// mode: a journey through a collective's life, then the refusals and the attachments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollectivesApp, type CollectivesDouble } from '../../../test/platform/apps/collectives.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, listedToolNames, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Page = { id: number; title: string; parent_id: number; path?: string; modified_at: string };
type PageText = Page & { content: string; etag: string; truncated: boolean };
type Change = { id: number; title: string; parent_id: number };

let harness: ToolHarness;
let collectives: CollectivesDouble;

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const get = async <T>(name: string, args: Record<string, unknown> = {}) => structured<T>(await call(name, args));

beforeAll(async () => {
  const files = createFilesApp();
  collectives = createCollectivesApp(files);
  harness = await startToolHarness({
    users: [{ id: 'alice', displayName: 'Alice', appPasswords: [APP_PASSWORD] }],
    apps: [files, collectives],
  });
});
afterAll(() => harness.close());

const newCollective = (name: string) =>
  get<{ id: number; name: string; landing_page_id: number }>('nc_collectives_create_collective', { name });

describe('collectives tools: which are listed', () => {
  it('lists the collectives tools when Collectives is in the user menu, and none without it', async () => {
    const { tools } = await harness.client.listTools();
    const without = await listedToolNames([]);

    expect(tools.filter((tool) => tool.name.startsWith('nc_collectives_')).length).toBe(10);
    expect(without.some((name) => name.startsWith('nc_collectives_'))).toBe(false);
    expect(tools.find((tool) => tool.name === 'nc_collectives_trash_page')?.annotations?.destructiveHint).toBe(true);
  });
});

describe('collectives tools: a journey', () => {
  it('creates a collective, writes pages, reads them back over WebDAV, moves, renames, trashes, restores, finds', async () => {
    const collective = await newCollective('Team handbook');
    const listed = await get<{ collectives: { id: number; name: string; can_edit: boolean }[] }>(
      'nc_collectives_list_collectives',
    );
    const ref = { collective_id: collective.id };

    const guide = await get<Change>('nc_collectives_create_page', { ...ref, title: 'Guide', content: '# Guide\n' });
    const step = await get<Change>('nc_collectives_create_page', {
      ...ref,
      title: 'First steps',
      parent_page_id: guide.id,
      content: 'Install the **client**.',
    });
    const tree = await get<{ pages: Page[]; skipped: number }>('nc_collectives_list_pages', ref);
    const read = await get<PageText>('nc_collectives_get_page', { ...ref, page_id: step.id });
    const viaDav = await get<{ content: string }>('nc_files_read_text', { path: read.path });
    const updated = await get<{ etag: string }>('nc_collectives_update_page', {
      ...ref,
      page_id: step.id,
      content: 'Install the client, then sign in.',
      etag: read.etag,
    });
    const stale = await call('nc_collectives_update_page', { ...ref, page_id: step.id, content: 'x', etag: read.etag });
    const moved = await get<Change>('nc_collectives_move_page', {
      ...ref,
      page_id: step.id,
      target_page_id: collective.landing_page_id,
      title: 'Getting started',
    });
    await get('nc_collectives_trash_page', { ...ref, page_id: step.id });
    const whileTrashed = await get<{ pages: Page[] }>('nc_collectives_list_pages', ref);
    const restored = await get<Change>('nc_collectives_restore_page', { ...ref, page_id: step.id });
    const found = await get<{ pages: Page[] }>('nc_collectives_list_pages', { ...ref, query: 'sign in' });
    const final = await get<PageText>('nc_collectives_get_page', { ...ref, page_id: step.id });

    expect(listed.collectives).toContainEqual({ id: collective.id, name: 'Team handbook', can_edit: true });
    expect(tree.pages.map((page) => [page.title, page.parent_id])).toEqual([
      ['Landing page', 0],
      ['Guide', collective.landing_page_id],
      ['First steps', guide.id],
    ]);
    expect(tree.skipped).toBe(0);
    expect(read).toMatchObject({
      title: 'First steps',
      content: 'Install the **client**.',
      path: '/.Collectives/Team handbook/Guide/First steps.md',
      truncated: false,
    });
    expect(viaDav.content).toBe('Install the **client**.');
    expect(updated.etag).not.toBe(read.etag);
    expect(errorText(stale)).toMatch(/changed|etag/i);
    expect(moved).toEqual({ id: step.id, title: 'Getting started', parent_id: collective.landing_page_id });
    expect(whileTrashed.pages.some((page) => page.id === step.id)).toBe(false);
    expect(restored).toMatchObject({ id: step.id, title: 'Getting started' });
    expect(found.pages.map((page) => page.id)).toEqual([step.id]);
    expect(final).toMatchObject({
      content: 'Install the client, then sign in.',
      path: '/.Collectives/Team handbook/Getting started.md',
    });
  });
});

describe('collectives tools: refusals', () => {
  it('refuses to trash the landing page and leaves it in place', async () => {
    const collective = await newCollective('Keep');

    const result = await call('nc_collectives_trash_page', {
      collective_id: collective.id,
      page_id: collective.landing_page_id,
    });
    const tree = await get<{ pages: Page[] }>('nc_collectives_list_pages', { collective_id: collective.id });

    expect(errorText(result)).toContain('landing page');
    expect(tree.pages.map((page) => page.id)).toEqual([collective.landing_page_id]);
  });

  it('passes on the app refusing to move a page below itself', async () => {
    const collective = await newCollective('Loops');
    const page = await get<Change>('nc_collectives_create_page', { collective_id: collective.id, title: 'Loop' });

    const result = await call('nc_collectives_move_page', {
      collective_id: collective.id,
      page_id: page.id,
      target_page_id: page.id,
    });

    expect(errorText(result)).toContain('Not allowed to move or copy a page to itself');
  });

  it('refuses a move without target or title, and a title Collectives would change, before calling Nextcloud', async () => {
    const collective = await newCollective('Strict');
    const before = harness.nextcloud.requests.length;

    const nothing = await call('nc_collectives_move_page', { collective_id: collective.id, page_id: 1 });
    const slash = await call('nc_collectives_create_page', { collective_id: collective.id, title: 'a/b' });

    expect(errorText(nothing)).toContain('target_page_id');
    expect(errorText(slash)).toContain('file name');
    expect(harness.nextcloud.requests.length).toBe(before);
  });

  it('passes on the app refusing a second collective of the same name', async () => {
    await newCollective('Only once');

    const again = await call('nc_collectives_create_collective', { name: 'Only once' });

    expect(errorText(again)).toContain('Collective already exists.');
  });

  it('says which id is unknown: a collective the user is not in, a page the collective lacks', async () => {
    const collective = await newCollective('Known');

    const noCollective = await call('nc_collectives_list_pages', { collective_id: 987654 });
    const noPage = await call('nc_collectives_get_page', { collective_id: collective.id, page_id: 987654 });

    expect(errorText(noCollective)).toContain('not a member of a collective 987654');
    expect(errorText(noPage)).toContain(`Collective ${collective.id} has no page 987654`);
  });
});

describe('collectives tools: attachments', () => {
  it('lists the files attached to a page with paths the files tools take', async () => {
    const collective = await newCollective('Pictures');
    const page = await get<Change>('nc_collectives_create_page', { collective_id: collective.id, title: 'Gallery' });
    collectives.seedAttachment('alice', collective.id, page.id, 'cat.png', 'png');

    const result = await get<{ attachments: { path: string; size: number; content_type: string }[] }>(
      'nc_collectives_list_attachments',
      { collective_id: collective.id, page_id: page.id },
    );
    const stat = await get<{ size: number }>('nc_files_stat', { path: result.attachments[0]?.path });

    expect(result.attachments).toEqual([
      { path: `/.Collectives/Pictures/.attachments.${page.id}/cat.png`, size: 3, content_type: 'image/png' },
    ]);
    expect(stat.size).toBe(3);
  });

  it('says the page is unknown where Collectives answers 500 for the attachments of a missing page', async () => {
    const collective = await newCollective('No page');

    const result = await call('nc_collectives_list_attachments', { collective_id: collective.id, page_id: 555555 });

    expect(errorText(result)).toContain('has no page 555555');
  });
});

// Collectives tools that change pages: create (with its first text), update the text (only the version that was
// read), move and/or rename (one call in the app), trash and restore. Text goes to the page's file over WebDAV; the
// rest through the Collectives API, which keeps its page tree and trash in order.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { writePageText } from '../../../platform/collectives/page-content.js';
import {
  createPage,
  getPage,
  listPages,
  movePage,
  restorePage,
  trashPage,
} from '../../../platform/collectives/pages.js';
import type { NextcloudClient } from '../../../platform/nextcloud-client.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, ADDITIVE_IDEMPOTENT, DESTRUCTIVE_IDEMPOTENT, positiveId } from '../tool-shapes.js';
import type { Page } from '../../../platform/collectives/collectives-models.js';
import { collectiveIdInput, pageContent, pageIdInput, pageTitle } from './collectives-schemas.js';

const pageRef = { collective_id: collectiveIdInput, page_id: pageIdInput };

const pageChangeOutput = z.object({ id: z.number(), title: z.string(), parent_id: z.number() });

function describeChange(page: Page): z.infer<typeof pageChangeOutput> {
  return { id: page.id, title: page.title, parent_id: page.parentId };
}

export const createPageTool = defineTool({
  name: 'nc_collectives_create_page',
  app: 'collectives',
  title: 'Create a page',
  description: 'Creates a Markdown page below parent_page_id (default: the landing page).',
  input: z.object({
    collective_id: collectiveIdInput,
    title: pageTitle,
    parent_page_id: positiveId().optional(),
    content: pageContent.default(''),
  }),
  output: pageChangeOutput,
  annotations: ADDITIVE,
  async run({ collective_id, title, parent_page_id, content }, { nextcloud }) {
    const parentId = parent_page_id ?? (await landingPageId(nextcloud, collective_id));
    const page = await createPage(nextcloud, collective_id, parentId, title);
    if (content !== '') await writePageText(nextcloud, page, content);
    return describeChange(page);
  },
  summarize: (page) => `Created page ${page.id} "${page.title}" below page ${page.parent_id}.`,
});

export const updatePageTool = defineTool({
  name: 'nc_collectives_update_page',
  app: 'collectives',
  title: 'Update a page',
  description: 'Replaces the Markdown of a page that is still at etag (from nc_collectives_get_page).',
  input: z.object({
    ...pageRef,
    content: pageContent,
    etag: z.string().refine((etag) => etag.length >= 1 && etag.length <= 200, 'the etag of nc_collectives_get_page'),
  }),
  output: z.object({ id: z.number(), etag: z.string() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ collective_id, page_id, content, etag }, { nextcloud }) {
    const page = await getPage(nextcloud, collective_id, page_id);
    return { id: page.id, etag: await writePageText(nextcloud, page, content, etag) };
  },
  summarize: (page) => `Updated page ${page.id} (new etag ${page.etag}).`,
});

export const movePageTool = defineTool({
  name: 'nc_collectives_move_page',
  app: 'collectives',
  title: 'Move or rename a page',
  description: 'Moves a page (with subpages) below target_page_id and/or renames it to title.',
  input: z.object({ ...pageRef, target_page_id: positiveId().optional(), title: pageTitle.optional() }),
  output: pageChangeOutput,
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ collective_id, page_id, target_page_id, title }, { nextcloud }) {
    if (target_page_id === undefined && title === undefined) {
      throw new InvalidInputError('Give target_page_id to move the page, title to rename it, or both.');
    }
    const change = { ...(target_page_id ? { parentId: target_page_id } : {}), ...(title ? { title } : {}) };
    return describeChange(await movePage(nextcloud, collective_id, page_id, change));
  },
  summarize: (page) => `Page ${page.id} "${page.title}" is below page ${page.parent_id}.`,
});

export const trashPageTool = defineTool({
  name: 'nc_collectives_trash_page',
  app: 'collectives',
  title: 'Trash a page',
  description: 'Moves a page and its subpages to the trash of the collective.',
  input: z.object(pageRef),
  output: z.object({ id: z.number(), trashed: z.boolean() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ collective_id, page_id }, { nextcloud }) {
    const page = await getPage(nextcloud, collective_id, page_id);
    if (page.parentId === 0) throw new InvalidInputError('The landing page of a collective cannot be trashed.');
    await trashPage(nextcloud, collective_id, page_id);
    return { id: page_id, trashed: true };
  },
  summarize: (result) => `Page ${result.id} is in the trash; nc_collectives_restore_page brings it back.`,
});

export const restorePageTool = defineTool({
  name: 'nc_collectives_restore_page',
  app: 'collectives',
  title: 'Restore a page',
  description: 'Brings a trashed page back (same page_id as before).',
  input: z.object(pageRef),
  output: pageChangeOutput,
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ collective_id, page_id }, { nextcloud }) {
    return describeChange(await restorePage(nextcloud, collective_id, page_id));
  },
  summarize: (page) => `Restored page ${page.id} "${page.title}".`,
});

async function landingPageId(client: NextcloudClient, collectiveId: number): Promise<number> {
  const { items } = await listPages(client, collectiveId);
  const landing = items.find((page) => page.parentId === 0);
  if (!landing) throw new InvalidInputError(`Collective ${collectiveId} has no landing page; give parent_page_id.`);
  return landing.id;
}

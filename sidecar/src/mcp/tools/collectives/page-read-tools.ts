// Collectives tools that read pages: the page tree or a content search, one page as Markdown, a page's attachments.
// Text comes from the page's file over WebDAV; the tree and metadata from the Collectives API.
import { z } from 'zod';
import { readPageText } from '../../../platform/collectives/page-content.js';
import { getPage, listAttachments, listPages, searchPages } from '../../../platform/collectives/pages.js';
import { defineTool } from '../../tool-definition.js';
import { boundedText, READ_ONLY } from '../tool-shapes.js';
import { collectiveIdInput, countOf, describePage, pageIdInput, pageOutput } from './collectives-schemas.js';

const pageListOutput = z.object({ pages: z.array(pageOutput), skipped: z.number() });

export const listPagesTool = defineTool({
  name: 'nc_collectives_list_pages',
  app: 'collectives',
  title: 'List or search pages',
  description:
    'Lists the page tree of a collective (id from nc_collectives_list_collectives), or with query the pages whose text matches.',
  input: z.object({ collective_id: collectiveIdInput, query: boundedText(200).optional() }),
  output: pageListOutput,
  annotations: READ_ONLY,
  async run({ collective_id, query }, { nextcloud }) {
    const words = query?.trim();
    const { items, skipped } = words
      ? await searchPages(nextcloud, collective_id, words)
      : await listPages(nextcloud, collective_id);
    return { pages: items.map(describePage), skipped };
  },
  summarize: (result) => countOf(result.pages.length, 'page', result.skipped),
});

export const getPageTool = defineTool({
  name: 'nc_collectives_get_page',
  app: 'collectives',
  title: 'Read a page',
  description: 'Reads a page as Markdown (page_id from nc_collectives_list_pages).',
  input: z.object({ collective_id: collectiveIdInput, page_id: pageIdInput }),
  output: pageOutput.extend({ content: z.string(), etag: z.string(), truncated: z.boolean() }),
  annotations: READ_ONLY,
  async run({ collective_id, page_id }, { nextcloud }) {
    const page = await getPage(nextcloud, collective_id, page_id);
    return { ...describePage(page), ...(await readPageText(nextcloud, page)) };
  },
  summarize: (page) => `Page ${page.id} "${page.title}", etag ${page.etag}${page.truncated ? ' (cut at 1 MiB)' : ''}.`,
});

export const listAttachmentsTool = defineTool({
  name: 'nc_collectives_list_attachments',
  app: 'collectives',
  title: 'List page attachments',
  description: 'Lists the files attached to a page.',
  input: z.object({ collective_id: collectiveIdInput, page_id: pageIdInput }),
  output: z.object({
    attachments: z.array(z.object({ path: z.string(), size: z.number(), content_type: z.string() })),
    skipped: z.number(),
  }),
  annotations: READ_ONLY,
  async run({ collective_id, page_id }, { nextcloud }) {
    const { items, skipped } = await listAttachments(nextcloud, collective_id, page_id);
    const attachments = items.map((file) => ({ path: file.path, size: file.size, content_type: file.mimeType }));
    return { attachments, skipped };
  },
  summarize: (result) => countOf(result.attachments.length, 'attachment', result.skipped),
});

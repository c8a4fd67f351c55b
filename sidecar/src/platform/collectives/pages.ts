// A collective's pages through the Collectives OCS API (docs/nextcloud-behaviour.md, "Collectives"): the tree, one
// page, new pages, moving and renaming (one call, PUT), the page trash, content search and a page's attachments.
// Page text is not here: it lives in the page's Markdown file (page-content.ts).
import { UpstreamError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { collectivesPaths } from './collectives-paths.js';
import { requestCollectives } from './collectives-request.js';
import { readAll, readAttachment, readPage, type Attachment, type Listed, type Page } from './collectives-models.js';

/** Every page of the collective, depth first from the landing page (parentId 0). */
export async function listPages(client: NextcloudClient, collectiveId: number): Promise<Listed<Page>> {
  const data = await requestCollectives<{ pages?: unknown }>(client, collectivesPaths.pages(collectiveId), {
    collectiveId,
  });
  return readAll(data.pages, readPage);
}

export async function getPage(client: NextcloudClient, collectiveId: number, pageId: number): Promise<Page> {
  return onePage(
    await requestCollectives(client, collectivesPaths.page(collectiveId, pageId), { collectiveId, pageId }),
  );
}

/** A new, empty page below `parentId`, stored as `{title}.md` (a taken title gets " (2)"). */
export async function createPage(
  client: NextcloudClient,
  collectiveId: number,
  parentId: number,
  title: string,
): Promise<Page> {
  const path = collectivesPaths.page(collectiveId, parentId);
  const target = { collectiveId, pageId: parentId };
  return onePage(await requestCollectives(client, path, target, { method: 'POST', json: { title } }));
}

/** Moves the page below `parentId` and/or renames it; its id stays. */
export async function movePage(
  client: NextcloudClient,
  collectiveId: number,
  pageId: number,
  change: { parentId?: number; title?: string },
): Promise<Page> {
  const path = collectivesPaths.page(collectiveId, pageId);
  return onePage(
    await requestCollectives(client, path, { collectiveId, pageId }, { method: 'PUT', json: { ...change, index: 0 } }),
  );
}

/** Moves the page (with its subpages) to the collective's page trash. */
export async function trashPage(client: NextcloudClient, collectiveId: number, pageId: number): Promise<Page> {
  const path = collectivesPaths.page(collectiveId, pageId);
  return onePage(await requestCollectives(client, path, { collectiveId, pageId }, { method: 'DELETE' }));
}

export async function listTrashedPages(client: NextcloudClient, collectiveId: number): Promise<Listed<Page>> {
  const data = await requestCollectives<{ pages?: unknown }>(client, collectivesPaths.trash(collectiveId), {
    collectiveId,
  });
  return readAll(data.pages, readPage);
}

export async function restorePage(client: NextcloudClient, collectiveId: number, pageId: number): Promise<Page> {
  const path = collectivesPaths.trashedPage(collectiveId, pageId);
  return onePage(await requestCollectives(client, path, { collectiveId, pageId }, { method: 'PATCH' }));
}

/** Pages whose text matches `query`, as the app's search index finds them (at most 100). */
export async function searchPages(client: NextcloudClient, collectiveId: number, query: string): Promise<Listed<Page>> {
  const data = await requestCollectives<{ pages?: unknown }>(
    client,
    collectivesPaths.search(collectiveId),
    { collectiveId },
    { query: { searchString: query } },
  );
  return readAll(data.pages, readPage);
}

export async function listAttachments(
  client: NextcloudClient,
  collectiveId: number,
  pageId: number,
): Promise<Listed<Attachment>> {
  const path = collectivesPaths.attachments(collectiveId, pageId);
  try {
    const data = await requestCollectives<{ attachments?: unknown }>(client, path, { collectiveId, pageId });
    return readAll(data.attachments, readAttachment);
  } catch (error) {
    // The app answers 500 for a page that is not there (it looks the page up outside its error handling): ask for
    // the page, whose 404 says so, and otherwise pass the failure on.
    if (error instanceof UpstreamError) await getPage(client, collectiveId, pageId);
    throw error;
  }
}

function onePage(data: unknown): Page {
  const raw = (data as { page?: unknown } | null)?.page;
  const page = raw && typeof raw === 'object' ? readPage(raw as Record<string, unknown>) : undefined;
  if (!page) throw new UpstreamError('Collectives did not describe the page.');
  return page;
}

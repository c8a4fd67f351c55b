// A page's Markdown text, read and written over WebDAV in the page's file (docs/nextcloud-behaviour.md,
// "Collectives"): the OCS API has no text endpoint, and the file's etag makes writes safe (If-Match), so nobody's
// edit from the web editor is lost.
import { ConflictError, InvalidInputError, UpstreamError } from '../../errors.js';
import { openDavAccount } from '../dav/dav-account.js';
import { statPath, writeFile } from '../files/file-operations.js';
import { readTextFile } from '../files/text-files.js';
import type { FilePath } from '../files/dav-paths.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import type { Page } from './collectives-models.js';

/** How much of a page is read at most; longer pages are cut there and say so. */
export const MAX_PAGE_BYTES = 1024 * 1024;

export interface PageText {
  content: string;
  etag: string;
  /** True when the page is longer than MAX_PAGE_BYTES and `content` is its start. */
  truncated: boolean;
}

export async function readPageText(client: NextcloudClient, page: Page): Promise<PageText> {
  const read = await readTextFile(await openDavAccount(client), fileOf(page), { maxBytes: MAX_PAGE_BYTES });
  if (read.content === null) throw new InvalidInputError(`Page ${page.id} is not UTF-8 text.`);
  if (read.etag === null) throw new UpstreamError('Nextcloud answered a page read without its etag.');
  return { content: read.content, etag: read.etag, truncated: read.nextOffset !== null };
}

/**
 * Replaces the page's text when its file is still at `etag` (ConflictError otherwise); with no etag, only when the
 * file is empty, as a page just created is. Answers the new etag.
 */
export async function writePageText(
  client: NextcloudClient,
  page: Page,
  content: string,
  etag?: string,
): Promise<string> {
  const account = await openDavAccount(client);
  const file = fileOf(page);
  let expected = etag;
  if (expected === undefined) {
    const entry = await statPath(account, file);
    if (entry.size > 0) throw new ConflictError(`Page ${page.id} already has text; read it for its etag first.`);
    expected = entry.etag ?? '';
  }
  const outcome = await writeFile(account, file, Buffer.from(content, 'utf8'), { mode: 'overwrite', etag: expected });
  return outcome.etag ?? '';
}

function fileOf(page: Page): FilePath {
  if (!page.file) throw new UpstreamError(`Collectives did not say where the file of page ${page.id} is.`);
  return page.file;
}

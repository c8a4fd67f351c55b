// One page of a caller's PDF as a PNG: the file's ETag asked first (PROPFIND Depth 0, a few hundred bytes) unless
// Nextcloud confirmed it within the trust window, a cached answer (or a remembered failure) sent at once, otherwise,
// in one of the caller's preview slots, the PDF taken from the file cache or downloaded with its byte cap (once per
// version) and only that page rendered, then cached.
import { createHash } from 'node:crypto';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import type { FilePath } from '../platform/files/dav-paths.js';
import { propfindFiles } from '../platform/files/propfind.js';
import { createNextcloudClient } from '../platform/nextcloud-client.js';
import { createEtagConfirmations, type EtagConfirmations } from './etag-confirmations.js';
import type { CachedPage, PageCache, PageCacheKey } from './page-cache.js';
import { asPreviewError, downloadPdf, notPdfError, tooLargeError } from './pdf-download.js';
import type { SpoolFolder } from './spool-folder.js';
import type { PdfFileCache } from './pdf-file-cache.js';
import { isLastingRenderFailure, type PdfPageRenderer } from './pdf-render-pool.js';
import { createPreviewSlots, type PreviewSlots } from './preview-slots.js';
import { createRenderFailures, type RenderFailures } from './render-failures.js';

/** One page of one file at one scale (the route parses and bounds it). */
export interface PreviewRequest {
  path: FilePath;
  /** 1-based. */
  page: number;
  scale: number;
}

export interface PdfPreviewDeps {
  http: HttpClient;
  nextcloudHost: string;
  /** PDF_PREVIEW_MAX_BYTES. */
  maxBytes: number;
  /** For the PROPFIND (NEXTCLOUD_HTTP_TIMEOUT). */
  timeoutMs: number;
  /** For the whole download (default 4 × timeoutMs). */
  downloadTimeoutMs?: number;
  renderer: PdfPageRenderer;
  cache: PageCache;
  /** Downloaded PDFs, one download per file version. */
  files: PdfFileCache;
  /** Where downloads are written. */
  spool: SpoolFolder;
  /** Previews downloading or rendering at once, per user and in all (default: 1 of one user, 8 in all). */
  slots?: PreviewSlots;
  /** ETags Nextcloud confirmed recently (PDF_PREVIEW_ETAG_TRUST_SECONDS); without it every preview asks. */
  confirmations?: EtagConfirmations;
  /** Pages that failed to render recently (PDF_PREVIEW_FAILURE_MEMORY_SECONDS); without it each is tried again. */
  failures?: RenderFailures;
  clock?: () => number;
}

export interface PreviewCaller {
  userId: string;
  credentials?: NextcloudCredentials;
}

/** The JSON body (image, mime_type, page_number, total_pages, width, height) and a quoted ETag naming the file's
 * ETag, the page and the scale; with the time the ETag check at Nextcloud took. */
export interface PreviewAnswer extends CachedPage {
  etagCheckMs: number;
  /** The ETag was confirmed within the trust window: Nextcloud was not asked. */
  etagTrusted: boolean;
}

export interface PdfPreview {
  preview(caller: PreviewCaller, request: PreviewRequest): Promise<PreviewAnswer>;
}

export function createPdfPreview(deps: PdfPreviewDeps): PdfPreview {
  const clock = deps.clock ?? Date.now;
  const confirmations = deps.confirmations ?? createEtagConfirmations(0);
  const slots = deps.slots ?? createPreviewSlots({ total: 8, perUser: 1 });
  const failures = deps.failures ?? createRenderFailures(0);
  return {
    preview: async (caller, request) => {
      const credentials = caller.credentials;
      if (!credentials) {
        throw new ForbiddenError('Provision an app password first: previews read the PDF with your account.');
      }
      const { userId } = caller;
      const path = request.path.text;
      const key = (etag: string): PageCacheKey => ({ ...request, userId, path, etag });
      const trusted = confirmations.trusted(userId, path, clock());
      let etag: string | null = trusted ?? null;
      let etagCheckMs = 0;
      if (trusted === undefined) {
        const checkStarted = performance.now();
        etag = (await statFile(deps, userId, credentials, request)).etag;
        etagCheckMs = performance.now() - checkStarted;
        if (etag !== null) confirmations.confirm(userId, path, etag, clock());
      }
      const etagTrusted = trusted !== undefined;
      const cached = etag === null ? undefined : deps.cache.get(key(etag));
      if (cached !== undefined) return { ...cached, etagCheckMs, etagTrusted };
      const failed = etag === null ? undefined : failures.failureOf(key(etag), clock());
      if (failed !== undefined) throw failed;

      // Downloads and renders in flight are bounded per user and in all (see preview-slots.ts).
      const release = await slots.acquire(userId);
      const rememberFailure = (pdfEtag: string | null, error: Error) => {
        const version = pdfEtag ?? etag;
        if (version !== null) failures.remember(key(version), error, clock());
      };
      const { json, pdfEtag } = await renderAnswer(deps, userId, credentials, request, etag, rememberFailure).finally(
        release,
      );
      // The bytes rendered are the GET's: a file changed since the PROPFIND is cached under its new ETag.
      if (pdfEtag !== null) confirmations.confirm(userId, path, pdfEtag, clock());
      const renderedEtag = pdfEtag ?? etag;
      if (renderedEtag === null) {
        return { json, etag: responseEtag(key(`unknown-${Date.now()}`)), etagCheckMs, etagTrusted };
      }
      const page = { json, etag: responseEtag(key(renderedEtag)) };
      deps.cache.set(key(renderedEtag), page);
      return { ...page, etagCheckMs, etagTrusted };
    },
  };
}

/** Takes the PDF of version `etag` (downloading it once), renders the page and builds the answer; the ETag of the
 * bytes rendered. */
async function renderAnswer(
  deps: PdfPreviewDeps,
  userId: string,
  credentials: NextcloudCredentials,
  request: PreviewRequest,
  etag: string | null,
  rememberFailure: (pdfEtag: string | null, error: Error) => void,
): Promise<{ json: Buffer; pdfEtag: string | null }> {
  const download = () =>
    downloadPdf(
      {
        http: deps.http,
        host: deps.nextcloudHost,
        userId,
        credentials,
        path: request.path,
        maxBytes: deps.maxBytes,
        timeoutMs: deps.downloadTimeoutMs ?? deps.timeoutMs * 4,
      },
      deps.spool,
    );
  const pdf = await deps.files.acquire({ userId, path: request.path.text, etag }, download);
  const page = await deps.renderer
    .renderPage(pdf.filePath, request.page, request.scale)
    .catch((error: unknown) => {
      // What the PDF itself causes (a page too slow to draw, an unreadable file) would happen again: remembered.
      if (isLastingRenderFailure(error)) rememberFailure(pdf.etag, error);
      throw error;
    })
    .finally(pdf.release);
  const image = Buffer.from(page.png.buffer, page.png.byteOffset, page.png.byteLength).toString('base64');
  const answer = {
    image,
    mime_type: 'image/png',
    page_number: request.page,
    total_pages: page.totalPages,
    width: page.width,
    height: page.height,
  };
  return { json: Buffer.from(JSON.stringify(answer)), pdfEtag: pdf.etag };
}

/** The file's ETag (null when Nextcloud gave none); NotFoundError, or 400/413 before any download. */
async function statFile(
  deps: PdfPreviewDeps,
  userId: string,
  credentials: NextcloudCredentials,
  request: PreviewRequest,
): Promise<{ etag: string | null }> {
  const client = createNextcloudClient({ http: deps.http, host: deps.nextcloudHost, credentials });
  const entries = await propfindFiles({ client, userId, displayName: userId }, request.path, 0).catch(
    (error: unknown) => {
      throw asPreviewError(error);
    },
  );
  if (!entries) throw new NotFoundError('There is no such file.');
  const entry = entries[0];
  if (entry?.type === 'folder') throw notPdfError();
  if (entry && entry.size > deps.maxBytes) throw tooLargeError(deps.maxBytes);
  return { etag: entry?.etag ?? null };
}

function responseEtag(key: PageCacheKey): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([key.etag, key.page, key.scale]))
    .digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

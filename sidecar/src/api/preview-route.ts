// GET /api/v1/pdf-preview: one page of the caller's PDF as a base64 PNG, for the companion's viewer. Callers are
// identified as on the knowledge routes (basic mode: its one user), and their previews share the render slots fairly;
// the file is read with their own Nextcloud credential only.
import { Router } from 'express';
import { knowledgeCallerOf } from '../http/knowledge-caller.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { PreviewSettings } from '../settings/preview-settings.js';
import type { Settings } from '../settings/settings.js';
import { createEtagConfirmations } from '../preview/etag-confirmations.js';
import type { PageCache } from '../preview/page-cache.js';
import type { SpoolFolder } from '../preview/spool-folder.js';
import type { PdfFileCache } from '../preview/pdf-file-cache.js';
import type { PdfPageRenderer } from '../preview/pdf-render-pool.js';
import type { PdfPreview } from '../preview/pdf-preview.js';
import { parsePreviewQuery } from './preview-request.js';
import { createPreviewSlots } from '../preview/preview-slots.js';
import { createRenderFailures } from '../preview/render-failures.js';

/** The preview's long-lived parts, built (the render pool lazily) and closed by the composition root. */
export interface PreviewParts {
  /** Renders pages: the context's pool of mupdf worker threads, started on the first preview. */
  renderer: PdfPageRenderer;
  /** Rendered pages kept in memory. */
  cache: PageCache;
  /** Downloaded PDFs kept on disk (PDF_PREVIEW_FILE_CACHE_*). */
  files: PdfFileCache;
  /** A private folder of this process for downloads, removed at exit. */
  spool: SpoolFolder;
}

export interface PdfPreviewRouteDeps extends PreviewParts {
  http: HttpClient;
  nextcloudHost: string;
  /** The sidecar's settings (only `preview` and the Nextcloud timeout are read). */
  settings: { preview: PreviewSettings; nextcloud: Pick<Settings['nextcloud'], 'httpTimeoutMs'> };
  logger: Logger;
  rateLimiters: RateLimiterFactory;
  clock?: () => number;
}

export const PDF_PREVIEW_PATH = '/api/v1/pdf-preview';

/** Previews one caller may ask for per minute (paging back and forth quickly stays well below). */
export const PREVIEWS_PER_MINUTE = 600;

export function createPdfPreviewRouter(deps: PdfPreviewRouteDeps): Router {
  // The download and render pipeline (WebDAV, XML, mupdf's pool) loads with the first preview: idle memory.
  let previews: Promise<PdfPreview> | undefined;
  const loadPreviews = () =>
    (previews ??= import('../preview/pdf-preview.js').then((module) => buildPreviews(module, deps)));
  // Counted after authentication, per caller: an anonymous flood never uses up a user's allowance.
  const limiter = deps.rateLimiters('pdf-previews', { limit: PREVIEWS_PER_MINUTE, windowMs: 60_000 });
  const router = Router();
  // The caller was identified by the route guards (route-guards.ts), as the route table says.
  router.get(PDF_PREVIEW_PATH, async (req, res) => {
    const caller = knowledgeCallerOf(res);
    await limiter.hit(caller.userId);
    const request = parsePreviewQuery(req.query as Record<string, unknown>);
    const started = performance.now();
    const answer = await (await loadPreviews()).preview(caller, request);
    deps.logger.debug({ page: request.page, ms: Math.round(performance.now() - started) }, 'pdf preview');
    // Server-Timing says how long the ETag check at Nextcloud took, or that the ETag was trusted (no names, paths or
    // hosts), for browsers' network panels and the benchmark, which tells the check apart from the rest with it.
    const check = `etag-check;dur=${answer.etagCheckMs.toFixed(2)}${answer.etagTrusted ? ';desc="trusted"' : ''}`;
    res.set({ 'cache-control': 'private, max-age=300', etag: answer.etag, 'server-timing': check });
    res.type('application/json').send(answer.json);
  });
  return router;
}

function buildPreviews(
  { createPdfPreview }: typeof import('../preview/pdf-preview.js'),
  deps: PdfPreviewRouteDeps,
): PdfPreview {
  return createPdfPreview({
    http: deps.http,
    nextcloudHost: deps.nextcloudHost,
    maxBytes: deps.settings.preview.maxBytes,
    timeoutMs: deps.settings.nextcloud.httpTimeoutMs,
    renderer: deps.renderer,
    cache: deps.cache,
    files: deps.files,
    spool: deps.spool,
    slots: createPreviewSlots({
      total: deps.settings.preview.maxInFlight,
      perUser: deps.settings.preview.maxInFlightPerUser,
      maxWaitMs: deps.settings.nextcloud.httpTimeoutMs,
    }),
    confirmations: createEtagConfirmations(deps.settings.preview.etagTrustMs),
    failures: createRenderFailures(deps.settings.preview.failureMemoryMs),
    clock: deps.clock,
  });
}

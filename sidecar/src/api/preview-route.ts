// GET /api/v1/pdf-preview: one page of the caller's PDF as a base64 PNG, for the companion's viewer. Callers are
// identified as on the knowledge routes (basic mode: its one user), and their previews share the render slots fairly;
// the file is read with their own Nextcloud credential only.
import { Router } from 'express';
import { knowledgeCallerOf, requireKnowledgeCaller, type KnowledgeCallerDeps } from '../http/knowledge-caller.js';
import { memoryRateLimiters, type RateLimiterFactory } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { PreviewSettings } from '../settings/preview-settings.js';
import type { Settings } from '../settings/settings.js';
import { createEtagConfirmations } from '../preview/etag-confirmations.js';
import { createPageCache, type PageCache } from '../preview/page-cache.js';
import { createSpoolFolder, type SpoolFolder } from '../preview/pdf-download.js';
import { createPdfFileCache, type PdfFileCache } from '../preview/pdf-file-cache.js';
import { createPdfRenderPool, type PdfPageRenderer } from '../preview/pdf-render-pool.js';
import { createPdfPreview } from '../preview/pdf-preview.js';
import { parsePreviewQuery } from './preview-request.js';
import { createPreviewSlots } from '../preview/preview-slots.js';
import { createRenderFailures } from '../preview/render-failures.js';

export interface PdfPreviewRouteDeps {
  caller: KnowledgeCallerDeps;
  http: HttpClient;
  nextcloudHost: string;
  /** The sidecar's settings (only `preview` and the Nextcloud timeout are read). */
  settings: { preview: PreviewSettings; nextcloud: Pick<Settings['nextcloud'], 'httpTimeoutMs'> };
  logger: Logger;
  /** Default: a pool of two mupdf worker threads (idle workers never keep the process alive). */
  renderer?: PdfPageRenderer;
  /** Default: 64 MiB of rendered pages. */
  cache?: PageCache;
  /**
   * Default: one from the settings (PDF_PREVIEW_FILE_CACHE_*), never closed, its files removed at process exit. The
   * owner of a cache passed here closes it when the server closes.
   */
  files?: PdfFileCache;
  /** Default: a private folder of this process, removed at exit. */
  spool?: SpoolFolder;
  rateLimiters?: RateLimiterFactory;
  clock?: () => number;
}

export const PDF_PREVIEW_PATH = '/api/v1/pdf-preview';

/** Previews one caller may ask for per minute (paging back and forth quickly stays well below). */
export const PREVIEWS_PER_MINUTE = 600;

export function createPdfPreviewRouter(deps: PdfPreviewRouteDeps): Router {
  const previews = createPdfPreview({
    http: deps.http,
    nextcloudHost: deps.nextcloudHost,
    maxBytes: deps.settings.preview.maxBytes,
    timeoutMs: deps.settings.nextcloud.httpTimeoutMs,
    renderer: deps.renderer ?? createPdfRenderPool(),
    cache: deps.cache ?? createPageCache(),
    files:
      deps.files ??
      createPdfFileCache({
        maxBytes: deps.settings.preview.fileCacheBytes,
        idleMs: deps.settings.preview.fileCacheIdleMs,
      }),
    spool: deps.spool ?? createSpoolFolder(),
    slots: createPreviewSlots({
      total: deps.settings.preview.maxInFlight,
      perUser: deps.settings.preview.maxInFlightPerUser,
      maxWaitMs: deps.settings.nextcloud.httpTimeoutMs,
    }),
    confirmations: createEtagConfirmations(deps.settings.preview.etagTrustMs),
    failures: createRenderFailures(deps.settings.preview.failureMemoryMs),
    clock: deps.clock,
  });
  // Counted after authentication, per caller: an anonymous flood never uses up a user's allowance.
  const limiter = (deps.rateLimiters ?? memoryRateLimiters(deps.clock))('pdf-previews', {
    limit: PREVIEWS_PER_MINUTE,
    windowMs: 60_000,
  });
  const router = Router();
  router.get(PDF_PREVIEW_PATH, requireKnowledgeCaller(deps.caller), async (req, res) => {
    const caller = knowledgeCallerOf(res);
    await limiter.hit(caller.userId);
    const request = parsePreviewQuery(req.query as Record<string, unknown>);
    const started = performance.now();
    const answer = await previews.preview(caller, request);
    deps.logger.debug({ page: request.page, ms: Math.round(performance.now() - started) }, 'pdf preview');
    // Server-Timing says how long the ETag check at Nextcloud took, or that the ETag was trusted (no names, paths or
    // hosts), for browsers' network panels and the benchmark, which tells the check apart from the rest with it.
    const check = `etag-check;dur=${answer.etagCheckMs.toFixed(2)}${answer.etagTrusted ? ';desc="trusted"' : ''}`;
    res.set({ 'cache-control': 'private, max-age=300', etag: answer.etag, 'server-timing': check });
    res.type('application/json').send(answer.json);
  });
  return router;
}

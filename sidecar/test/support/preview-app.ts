// The PDF preview route for tests: mounted as the sidecar mounts it (request context, API key, caller, error handler)
// in a small Express app on loopback, for basic mode's configured user (behind the loopback-only Host rule), with a
// renderer that counts its renders and a file cache whose spool folder the tests can list.
import { readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createErrorHandler, notFoundHandler } from '../../src/http/error-handler.js';
import { memoryRateLimiters } from '../../src/limits/rate-limit.js';
import { createRequestContext } from '../../src/http/request-context.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createPageCache } from '../../src/preview/page-cache.js';
import { createSpoolFolder } from '../../src/preview/spool-folder.js';
import { createPdfFileCache } from '../../src/preview/pdf-file-cache.js';
import { createPdfRenderPool, type PdfPageRenderer } from '../../src/preview/pdf-render-pool.js';
import { createPdfPreviewRouter } from '../../src/api/preview-route.js';
import { basicUserCaller, guardsFor } from './basic-user-caller.js';

export interface PreviewAppOptions {
  nextcloudUrl: string;
  userId: string;
  appPassword: string;
  maxBytes?: number;
  /** Bytes of rendered pages kept (default 64 MiB; 0 keeps none). */
  cacheBytes?: number;
  /** Bytes of downloaded PDFs kept on disk (default 512 MiB; 0 keeps none). */
  fileCacheBytes?: number;
  /** A kept PDF unused this long is deleted (default 5 minutes). */
  fileCacheIdleMs?: number;
  /** Previews downloading or rendering at once (default 8). */
  maxInFlight?: number;
  /** Previews of the one user downloading or rendering at once (default 1). */
  maxInFlightPerUser?: number;
  /** How long a page that failed to render is answered with its error (default 0: tried again every time). */
  failureMemoryMs?: number;
  /** A page still rendering after this long is given up (default 30 s). */
  renderTimeoutMs?: number;
  /** How long a confirmed ETag is trusted without asking Nextcloud (default 0: every preview asks). */
  etagTrustMs?: number;
  /**
   * The render pool, when several apps stand in for one sidecar (which has one pool): the app neither makes nor
   * closes its own. `renderTimeoutMs` then does not apply.
   */
  pool?: PdfPageRenderer;
  clock?: () => number;
}

export interface PreviewApp {
  url: string;
  /** Pages rendered so far (cache hits render nothing). */
  renders(): number;
  /** The names of the files in the download folder now. */
  spooledFiles(): string[];
  close(): Promise<void>;
}

export async function startPreviewApp(options: PreviewAppOptions): Promise<PreviewApp> {
  const logger = createLogger('silent');
  const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'preview-test' });
  const pool = options.pool ?? createPdfRenderPool({ timeoutMs: options.renderTimeoutMs });
  let renders = 0;
  const renderer: PdfPageRenderer = {
    renderPage: (filePath, page, scale) => {
      renders += 1;
      return pool.renderPage(filePath, page, scale);
    },
    close: () => (options.pool ? Promise.resolve() : pool.close()),
  };
  const spool = createSpoolFolder();
  const preview = {
    maxBytes: options.maxBytes ?? 100 * 1024 * 1024,
    fileCacheBytes: options.fileCacheBytes ?? 512 * 1024 * 1024,
    fileCacheIdleMs: options.fileCacheIdleMs ?? 300_000,
    etagTrustMs: options.etagTrustMs ?? 0,
    maxInFlight: options.maxInFlight ?? 8,
    maxInFlightPerUser: options.maxInFlightPerUser ?? 1,
    failureMemoryMs: options.failureMemoryMs ?? 0,
  };
  const files = createPdfFileCache({ maxBytes: preview.fileCacheBytes, idleMs: preview.fileCacheIdleMs });
  const app = express();
  app.use(createRequestContext(logger));
  app.use(
    guardsFor(
      basicUserCaller(options.nextcloudUrl, options.userId, {
        loginName: options.userId,
        password: options.appPassword,
      }),
    ),
  );
  app.use(
    createPdfPreviewRouter({
      http,
      nextcloudHost: options.nextcloudUrl,
      settings: {
        preview,
        nextcloud: { httpTimeoutMs: 10_000 },
      },
      logger,
      renderer,
      cache: createPageCache(options.cacheBytes),
      files,
      spool,
      rateLimiters: memoryRateLimiters(options.clock),
      clock: options.clock,
    }),
  );
  app.use(notFoundHandler);
  app.use(createErrorHandler(logger));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    spooledFiles: () => readdirSync(spool.path()),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([renderer.close(), http.close(), files.close()]);
    },
  };
}

// Renders one page of a PDF to a PNG with mupdf in a bounded pool of worker threads, so that rendering never blocks
// the event loop of the HTTP server.
import { InvalidInputError, UnavailableError } from '../errors.js';
import { createWorkerPool, workerEntry } from '../workers/worker-pool.js';
import type { PdfRenderJob, PdfRenderResult } from './pdf-render-worker.js';

export type { PdfRenderResult };

export interface PdfPageRenderer {
  /**
   * Renders page `page` (1-based) of the PDF file at `filePath` at `scale`. InvalidInputError for a page beyond the
   * document or an encrypted or unreadable PDF; UnavailableError when busy or too slow.
   */
  renderPage(filePath: string, page: number, scale: number): Promise<PdfRenderResult>;
  close(): Promise<void>;
}

export interface PdfRenderPoolOptions {
  /** Worker threads (default 2). */
  workers?: number;
  /** Pages waiting for a worker at most (default 16); more are refused as busy. */
  maxQueued?: number;
  /** A page still rendering after this long is given up and its worker replaced (default 30 s). */
  timeoutMs?: number;
  /** The largest image rendered (default 25 megapixels); larger pages come out at a smaller scale. */
  maxPixels?: number;
}

export const DEFAULT_MAX_PIXELS = 25_000_000;

/** A page still rendering when the timeout struck (its worker was replaced): drawing it again would take as long. */
export class PageRenderTimeoutError extends UnavailableError {
  constructor() {
    super('The page took too long to render.');
  }
}

/** A failure the PDF itself causes (too slow to draw, unreadable, no such page), not the pool's load: it would recur. */
export function isLastingRenderFailure(error: unknown): error is Error {
  return error instanceof PageRenderTimeoutError || error instanceof InvalidInputError;
}

export function createPdfRenderPool(options: PdfRenderPoolOptions = {}): PdfPageRenderer {
  const pool = createWorkerPool<PdfRenderJob, PdfRenderResult>({
    workers: options.workers ?? 2,
    maxQueued: options.maxQueued ?? 16,
    timeoutMs: options.timeoutMs ?? 30_000,
    entry: workerEntry(import.meta.url, 'pdf-render-worker'),
    label: 'PDF renderer',
    failureError: (message) => new InvalidInputError(message),
    timeoutError: () => new PageRenderTimeoutError(),
    busyError: () => new UnavailableError('Too many pages are being rendered; try again shortly.'),
  });
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  return {
    renderPage: (filePath, page, scale) => pool.run({ filePath, pageIndex: page - 1, scale, maxPixels }),
    close: () => pool.close(),
  };
}

// The text of a PDF page by page, read with mupdf in a small pool of worker threads (jobs queued, bounded, timed
// out) so that parsing never blocks the event loop of the HTTP server.
import { createWorkerPool, workerEntry } from '../../workers/worker-pool.js';
import { DocumentParseError } from '../sync-source.js';
import type { PdfTextJob } from './pdf-text-worker.js';

export interface PdfTextLimits {
  /** Pages read at most; later pages are left out. */
  maxPages: number;
  /** Characters of text kept at most over all pages; the page that crosses it is cut. */
  maxTextChars: number;
}

export interface PdfTextPoolOptions {
  /** Worker threads (default 1). */
  workers?: number;
  /** PDFs waiting for a worker at most (default 64); more are refused. */
  maxQueued?: number;
  /** A PDF still being read after this long is given up (its worker is replaced): default 60 s. */
  timeoutMs?: number;
}

export interface PdfTextPool {
  /**
   * One string per page, in order (an image-only page is ''). DocumentParseError for a corrupt or encrypted PDF
   * or one that takes too long; a plain Error when the pool is closed, full, or its worker fails.
   */
  extractPdfPages(bytes: Uint8Array, limits: PdfTextLimits): Promise<string[]>;
  /** Stops the workers; pending and later extractions fail. */
  close(): Promise<void>;
}

export function createPdfTextPool(options: PdfTextPoolOptions = {}): PdfTextPool {
  const pool = createWorkerPool<PdfTextJob, string[]>({
    ...options,
    entry: workerEntry(import.meta.url, 'pdf-text-worker'),
    label: 'PDF reader',
    failureError: (message) => new DocumentParseError(message),
    timeoutError: () => new DocumentParseError('The PDF took too long to read.'),
  });
  return {
    extractPdfPages: (bytes, limits) => {
      // A copy the worker can own: the caller's view may share its buffer with other data (Node's Buffer pool).
      const job: PdfTextJob = { bytes: new Uint8Array(bytes), ...limits };
      return pool.run(job, [job.bytes.buffer]);
    },
    close: () => pool.close(),
  };
}

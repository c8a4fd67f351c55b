// The text of a PDF page by page, read with mupdf in a small pool of worker threads (jobs queued, bounded in number,
// time and memory) so that parsing never blocks the event loop of the HTTP server and one heavy PDF never holds up
// the others for longer than its time box.
import { createWorkerPool, workerEntry, type WorkerEnd } from '../../workers/worker-pool.js';
import { DocumentParseError } from '../sync/sync-source.js';
import type { PdfTextJob, PdfTextResult, PdfTruncationReason } from './pdf-text-worker.js';

export type { PdfTextResult, PdfTruncationReason };

export interface PdfTextLimits {
  /** Pages read at most; later pages are left out. */
  maxPages: number;
  /** Characters of text kept at most over all pages; reading stops in the page that reaches it. */
  maxTextChars: number;
}

export interface PdfTextPoolOptions {
  /** Worker threads, each reading one PDF at a time (default 1). */
  workers?: number;
  /** PDFs waiting for a worker at most (default 64); more are refused. */
  maxQueued?: number;
  /** A page still being read after this long is cut there; reading goes on with the next page (default 10 s). */
  pageTimeoutMs?: number;
  /** A PDF still being read after this long is cut there: its later pages are left out (default 60 s). */
  documentTimeoutMs?: number;
  /**
   * A worker that has not answered this long after the document's time box (mupdf stuck in one step) is replaced
   * and the PDF fails with DocumentParseError (default 15 s).
   */
  graceMs?: number;
  /** WebAssembly memory of each worker in MB (default 256); reading stops at three quarters of it. */
  workerMemoryMb?: number;
}

export interface PdfTextPool {
  /**
   * The text read within the limits and time boxes, with where and why text was left out. DocumentParseError for a
   * corrupt or encrypted PDF, one that needs more memory than a worker may use, or one that stops or stalls its
   * worker; a plain Error when the pool is closed or full.
   */
  readPdfText(bytes: Uint8Array, limits: PdfTextLimits): Promise<PdfTextResult>;
  /** The pages of readPdfText alone (one string per page read, an image-only page as ''). */
  extractPdfPages(bytes: Uint8Array, limits: PdfTextLimits): Promise<string[]>;
  /** Stops the workers; pending and later extractions fail. */
  /** Worker threads running now (0 before the first document). */
  liveWorkers(): number;
  close(): Promise<void>;
}

export const DEFAULT_PDF_PAGE_TIMEOUT_MS = 10_000;
export const DEFAULT_PDF_DOCUMENT_TIMEOUT_MS = 60_000;
export const DEFAULT_PDF_WORKER_MEMORY_MB = 256;

const ENDED: Record<WorkerEnd, string> = {
  'out-of-memory': 'The PDF needs more memory to read than a PDF reader may use.',
  stopped: 'The PDF reader stopped while reading the PDF.',
};

export function createPdfTextPool(options: PdfTextPoolOptions = {}): PdfTextPool {
  const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PDF_PAGE_TIMEOUT_MS;
  const documentTimeoutMs = options.documentTimeoutMs ?? DEFAULT_PDF_DOCUMENT_TIMEOUT_MS;
  const workerMemoryMb = options.workerMemoryMb ?? DEFAULT_PDF_WORKER_MEMORY_MB;
  const pool = createWorkerPool<PdfTextJob, PdfTextResult>({
    workers: options.workers,
    maxQueued: options.maxQueued,
    timeoutMs: documentTimeoutMs + (options.graceMs ?? 15_000),
    entry: workerEntry(import.meta.url, 'pdf-text-worker'),
    label: 'PDF reader',
    // Text is small: the V8 heap holds at most the capped text (10 MB) and its copy for the answer.
    memory: { heapMb: 128, wasmMb: workerMemoryMb },
    failureError: (message) => new DocumentParseError(message),
    timeoutError: () => new DocumentParseError('The PDF took too long to read.'),
    endedError: (end) => new DocumentParseError(ENDED[end]),
  });
  const readPdfText = (bytes: Uint8Array, limits: PdfTextLimits) => {
    // A copy the worker can own: the caller's view may share its buffer with other data (Node's Buffer pool).
    const job: PdfTextJob = { bytes: new Uint8Array(bytes), ...limits, pageTimeoutMs, documentTimeoutMs };
    return pool.run(job, [job.bytes.buffer]);
  };
  return {
    readPdfText,
    extractPdfPages: async (bytes, limits) => (await readPdfText(bytes, limits)).pages,
    liveWorkers: () => pool.liveWorkers(),
    close: () => pool.close(),
  };
}

// Page images for OCR, made in a small pool of worker threads (page-image-worker.ts) so that decoding a scan never
// blocks the event loop: one page of a PDF or an image per job, within a time box and a memory bound.
import { createWorkerPool, workerEntry } from '../../../workers/worker-pool.js';
import { PAGE_IMAGE_FAILURES, type PageImageJob, type PageImageResult } from './page-image-jobs.js';

export type { PageImageResult };

/** Why a page gave no image: it could not be read, it has too many pixels, or rendering took too long. */
export type PageImageFailureReason = 'unreadable' | 'pixels' | 'time';

export class PageImageFailure extends Error {
  constructor(readonly reason: PageImageFailureReason) {
    super(reason === 'time' ? 'Rendering the page for OCR took too long.' : messageOf(reason));
    this.name = 'PageImageFailure';
  }
}

export interface PageImages {
  /** The page as a greyscale PNG and the document's page count; PageImageFailure when there is none. */
  render(bytes: Uint8Array, mimeType: string, pageIndex: number): Promise<PageImageResult>;
  close(): Promise<void>;
}

export interface PageImagesOptions {
  workers: number;
  maxPixels: number;
  timeoutMs: number;
}

/** WebAssembly memory of a worker: a 40-megapixel scan decoded in colour and converted to grey fits. */
const WORKER_WASM_MB = 768;

export function createPageImages(options: PageImagesOptions): PageImages {
  const pool = createWorkerPool<PageImageJob, PageImageResult>({
    workers: options.workers,
    timeoutMs: options.timeoutMs,
    entry: workerEntry(import.meta.url, 'page-image-worker'),
    label: 'OCR page renderer',
    memory: { heapMb: 128, wasmMb: WORKER_WASM_MB },
    failureError: (message) => new PageImageFailure(reasonOf(message)),
    timeoutError: () => new PageImageFailure('time'),
    endedError: () => new PageImageFailure('unreadable'),
  });
  return {
    render: (bytes, mimeType, pageIndex) => {
      // A copy the worker can own: the caller keeps its bytes for the next page.
      const job: PageImageJob = { bytes: new Uint8Array(bytes), mimeType, pageIndex, maxPixels: options.maxPixels };
      return pool.run(job, [job.bytes.buffer]);
    },
    close: () => pool.close(),
  };
}

function reasonOf(message: string): PageImageFailureReason {
  return message === PAGE_IMAGE_FAILURES.pixels ? 'pixels' : 'unreadable';
}

function messageOf(reason: Exclude<PageImageFailureReason, 'time'>): string {
  return reason === 'pixels' ? PAGE_IMAGE_FAILURES.pixels : PAGE_IMAGE_FAILURES.unreadable;
}

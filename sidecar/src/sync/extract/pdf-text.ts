// The text of a PDF page by page, read with mupdf in a small pool of worker threads (jobs queued, bounded, timed
// out) so that parsing never blocks the event loop of the HTTP server.
import { Worker } from 'node:worker_threads';
import { DocumentParseError } from '../sync-source.js';
import type { PdfTextAnswer, PdfTextJob } from './pdf-text-worker.js';

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

interface PendingJob {
  job: PdfTextJob;
  resolve(pages: string[]): void;
  reject(error: Error): void;
}

interface Slot {
  worker?: Worker;
  running?: PendingJob;
  timer?: NodeJS.Timeout;
}

export function createPdfTextPool(options: PdfTextPoolOptions = {}): PdfTextPool {
  const slots: Slot[] = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => ({}));
  const queue: PendingJob[] = [];
  const maxQueued = options.maxQueued ?? 64;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let lastId = 0;
  let closed = false;

  const finish = (slot: Slot, outcome: { pages: string[] } | { error: Error }) => {
    const pending = slot.running;
    clearTimeout(slot.timer);
    slot.running = undefined;
    slot.timer = undefined;
    slot.worker?.unref();
    if (pending) {
      if ('pages' in outcome) pending.resolve(outcome.pages);
      else pending.reject(outcome.error);
    }
    dispatch();
  };

  const retire = (slot: Slot, error: Error) => {
    const worker = slot.worker;
    slot.worker = undefined;
    worker?.removeAllListeners();
    void worker?.terminate();
    finish(slot, { error });
  };

  const spawn = (slot: Slot): Worker => {
    const entry = workerEntry();
    const worker = new Worker(entry.url, { execArgv: entry.execArgv });
    worker.on('message', (answer: PdfTextAnswer) => {
      if (slot.running?.job.id !== answer.id) return;
      if ('pages' in answer) finish(slot, { pages: answer.pages });
      else finish(slot, { error: new DocumentParseError(answer.unreadable) });
    });
    worker.on('error', (cause) => retire(slot, new Error('The PDF reader failed.', { cause })));
    worker.on('exit', () => retire(slot, new Error('The PDF reader stopped.')));
    return worker;
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (closed || slot.running || queue.length === 0) continue;
      const pending = queue.shift()!;
      slot.worker ??= spawn(slot);
      slot.worker.ref();
      slot.running = pending;
      slot.timer = setTimeout(() => retire(slot, new DocumentParseError('The PDF took too long to read.')), timeoutMs);
      try {
        slot.worker.postMessage(pending.job, [pending.job.bytes.buffer]);
      } catch (cause) {
        // Never leave the slot waiting for an answer to a message that was not sent.
        finish(slot, { error: new Error('The PDF could not be handed to its reader.', { cause }) });
      }
    }
  };

  return {
    extractPdfPages: (bytes, limits) =>
      new Promise<string[]>((resolve, reject) => {
        if (closed) return reject(new Error('The PDF reader is closed.'));
        if (queue.length >= maxQueued) return reject(new Error('Too many PDFs are waiting to be read.'));
        // A copy the worker can own: the caller's view may share its buffer with other data (Node's Buffer pool).
        const job: PdfTextJob = { id: ++lastId, bytes: new Uint8Array(bytes), ...limits };
        queue.push({ job, resolve, reject });
        dispatch();
      }),
    close: async () => {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('The PDF reader is closed.'));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          retire(slot, new Error('The PDF reader is closed.'));
          await worker?.terminate();
        }),
      );
    },
  };
}

/**
 * The worker's module next to this one: the compiled `.js` in dist, or the `.ts` source under tsx and vitest, which
 * the worker loads through tsx's loader.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { url: new URL('./pdf-text-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  }
  return { url: new URL('./pdf-text-worker.js', import.meta.url), execArgv: [] };
}

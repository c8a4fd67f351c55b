// The text of Office, OpenDocument, RTF, HTML, EPUB and e-mail documents, read in a worker thread (one by default)
// bounded in time (the worker's own deadline, then the pool's timeout that replaces a stuck worker) and in V8 heap
// memory; a document that cannot be read is refused with a short, stable reason (ExtractionRefusedError).
import { createWorkerPool, workerEntry, type WorkerEnd } from '../../workers/worker-pool.js';
import type { DocumentFormat } from './document-formats.js';
import type { DocumentTextJob, DocumentTextResult } from './document-text-worker.js';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './extraction-limits.js';
import { asRefusalReason, ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

export type { DocumentTextResult };

export interface DocumentTextPoolOptions {
  /** Worker threads (default 1). */
  workers?: number;
  /** Documents waiting for a worker at most (default 64). */
  maxQueued?: number;
  /** Bounds of each document (default DEFAULT_EXTRACTION_LIMITS; any field may be given alone). */
  limits?: Partial<ExtractionLimits>;
  /** Extra time past `limits.timeoutMs` before a worker that does not answer is replaced (default 5 s). */
  graceMs?: number;
  /** V8 heap of each worker in MB (default 256): a document that needs more is `needs too much memory`. */
  heapMb?: number;
}

export interface DocumentTextPool {
  /** The document's text; ExtractionRefusedError with the reason when it cannot be read; a plain Error when closed. */
  readDocumentText(bytes: Uint8Array, format: DocumentFormat): Promise<DocumentTextResult>;
  /** Worker threads running now (0 before the first document). */
  liveWorkers(): number;
  close(): Promise<void>;
}

const ENDED: Record<WorkerEnd, string> = {
  'out-of-memory': REFUSAL_REASONS.memory,
  stopped: REFUSAL_REASONS.corrupt,
};

export function createDocumentTextPool(options: DocumentTextPoolOptions = {}): DocumentTextPool {
  const limits: ExtractionLimits = { ...DEFAULT_EXTRACTION_LIMITS, ...options.limits };
  const pool = createWorkerPool<DocumentTextJob, DocumentTextResult>({
    workers: options.workers,
    maxQueued: options.maxQueued,
    timeoutMs: limits.timeoutMs + (options.graceMs ?? 5000),
    entry: workerEntry(import.meta.url, 'document-text-worker'),
    label: 'document reader',
    memory: { heapMb: options.heapMb ?? 256, wasmMb: 64 },
    failureError: (message) => new ExtractionRefusedError(asRefusalReason(message) ?? REFUSAL_REASONS.corrupt),
    timeoutError: () => new ExtractionRefusedError(REFUSAL_REASONS.timeout),
    endedError: (end) => new ExtractionRefusedError(asRefusalReason(ENDED[end]) ?? REFUSAL_REASONS.corrupt),
  });
  return {
    readDocumentText: (bytes, format) => {
      // A copy the worker can own: the caller's view may share its buffer with other data (Node's Buffer pool).
      const job: DocumentTextJob = { bytes: new Uint8Array(bytes), format, limits };
      return pool.run(job, [job.bytes.buffer]);
    },
    liveWorkers: () => pool.liveWorkers(),
    close: () => pool.close(),
  };
}

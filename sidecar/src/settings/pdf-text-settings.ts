// Settings of reading PDFs' text for the knowledge index: worker threads, the time boxes of a page and of a document,
// and the memory of each worker.
import { availableParallelism } from 'node:os';
import { parsePositiveInteger } from './parsers.js';

export interface PdfTextSettings {
  /** KNOWLEDGE_PDF_WORKERS (default one per core beyond the first, at most 2; at most 8): PDFs read at once. */
  workers: number;
  /** KNOWLEDGE_PDF_PAGE_TIMEOUT (seconds, default 10) in ms: a page read for longer is cut there. */
  pageTimeoutMs: number;
  /** KNOWLEDGE_PDF_DOCUMENT_TIMEOUT (seconds, default 60, at most 600) in ms: a PDF read for longer is cut there. */
  documentTimeoutMs: number;
  /** KNOWLEDGE_PDF_WORKER_MEMORY_MB (default 256, 64 to 2048): WebAssembly memory of each PDF worker. */
  workerMemoryMb: number;
}

const MAX_WORKERS = 8;
const MAX_DOCUMENT_TIMEOUT_SECONDS = 600;
const MIN_WORKER_MEMORY_MB = 64;
// mupdf's WebAssembly build cannot address more.
const MAX_WORKER_MEMORY_MB = 2048;

/** `cores` is the machine's (tests pass their own). */
export function parsePdfTextSettings(
  read: (name: string) => string | undefined,
  problems: string[],
  cores = availableParallelism(),
): PdfTextSettings {
  const setting = (name: string) => parsePositiveInteger(name, read(name), problems);
  const workers = setting('KNOWLEDGE_PDF_WORKERS');
  if (workers !== undefined && workers > MAX_WORKERS) {
    problems.push(`KNOWLEDGE_PDF_WORKERS must be at most ${MAX_WORKERS} (got ${workers}).`);
  }
  const pageSeconds = setting('KNOWLEDGE_PDF_PAGE_TIMEOUT') ?? 10;
  const documentSeconds = setting('KNOWLEDGE_PDF_DOCUMENT_TIMEOUT') ?? 60;
  if (documentSeconds > MAX_DOCUMENT_TIMEOUT_SECONDS) {
    problems.push(
      `KNOWLEDGE_PDF_DOCUMENT_TIMEOUT must be at most ${MAX_DOCUMENT_TIMEOUT_SECONDS} seconds (got ${documentSeconds}).`,
    );
  }
  if (pageSeconds > documentSeconds) {
    problems.push(
      `KNOWLEDGE_PDF_PAGE_TIMEOUT (${pageSeconds} s) must not exceed KNOWLEDGE_PDF_DOCUMENT_TIMEOUT (${documentSeconds} s).`,
    );
  }
  const memoryMb = setting('KNOWLEDGE_PDF_WORKER_MEMORY_MB') ?? 256;
  if (memoryMb < MIN_WORKER_MEMORY_MB || memoryMb > MAX_WORKER_MEMORY_MB) {
    problems.push(
      `KNOWLEDGE_PDF_WORKER_MEMORY_MB must be from ${MIN_WORKER_MEMORY_MB} to ${MAX_WORKER_MEMORY_MB} (got ${memoryMb}).`,
    );
  }
  return {
    // One core stays with the event loop (and the sync's own work) where there is more than one.
    workers: Math.min(workers ?? Math.max(1, Math.min(2, cores - 1)), MAX_WORKERS),
    pageTimeoutMs: pageSeconds * 1000,
    documentTimeoutMs: Math.min(documentSeconds, MAX_DOCUMENT_TIMEOUT_SECONDS) * 1000,
    workerMemoryMb: Math.min(Math.max(memoryMb, MIN_WORKER_MEMORY_MB), MAX_WORKER_MEMORY_MB),
  };
}

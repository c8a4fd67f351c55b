// The worker thread behind pdf-text.ts: opens one PDF at a time with mupdf and answers its pages' text, so the
// sidecar's event loop never waits on a parse. Reading stops at the character cap, at each page's and the document's
// time box, and at three quarters of the worker's memory bound; what was read until then is answered with the reason.
import * as mupdf from 'mupdf';
import { refusedWasmGrowths, wasmMemoryBoundBytes } from '../../workers/wasm-memory-bound.js';
import { serveWorkerJobs, type JobOutcome } from '../../workers/worker-jobs.js';
import { readPageText, type PageText } from './page-text.js';
import { createPdfByteStream, type PdfByteStream } from './pdf-byte-stream.js';

/** What the pool sends: the PDF's bytes (transferred) and the bounds of what to read. */
export interface PdfTextJob {
  bytes: Uint8Array<ArrayBuffer>;
  maxPages: number;
  maxTextChars: number;
  pageTimeoutMs: number;
  documentTimeoutMs: number;
}

/** Why text is missing from a result: pages past maxPages, text past maxTextChars, or a time box ran out. */
export type PdfTruncationReason = 'pages' | 'characters' | 'page-time' | 'document-time';

export interface PdfTextResult {
  /** One string per page read, in order (an image-only page is ''). */
  pages: string[];
  /** Where text was first left out (1-based page) and why; absent when the whole document was read. */
  truncation?: { reason: PdfTruncationReason; page: number };
}

const UNREADABLE = 'The PDF could not be read.';
const TOO_LARGE = 'The PDF needs more memory to read than a PDF reader may use (KNOWLEDGE_PDF_WORKER_MEMORY_MB).';
/** Reading stops when the WebAssembly memory grows past this share of the bound, before allocations start failing. */
const MEMORY_STOP_SHARE = 0.75;

// mupdf writes its warnings (repaired xrefs, bad content streams) to stderr by default; they say nothing to users.
mupdf.setLog({});

serveWorkerJobs(readPdfText);

interface OpenPdf {
  readonly document: mupdf.Document;
  readonly source: PdfByteStream;
  /** Opens the PDF again on a fresh stream (after its stream was stopped). */
  reopen(): void;
  close(): void;
}

function readPdfText(job: PdfTextJob): JobOutcome<PdfTextResult> {
  let pdf: OpenPdf | undefined;
  try {
    pdf = openPdf(job.bytes);
    if (pdf.document.needsPassword()) return { failure: 'The PDF is encrypted.' };
    const pageCount = pdf.document.countPages();
    // mupdf repairs what it can; a "PDF" with no page left after that is not one.
    if (pageCount === 0) return { failure: UNREADABLE };
    const outcome = readPages(pdf, job, Math.min(pageCount, job.maxPages));
    if (outcome === 'memory') return { failure: TOO_LARGE, recycle: true };
    if (!outcome.truncation && pageCount > job.maxPages)
      outcome.truncation = { reason: 'pages', page: job.maxPages + 1 };
    return { result: outcome };
  } catch {
    return { failure: UNREADABLE };
  } finally {
    pdf?.close();
    mupdf.emptyStore();
  }
}

/** The text of the first `count` pages within the job's bounds, or 'memory' when the memory bound was reached. */
function readPages(pdf: OpenPdf, job: PdfTextJob, count: number): PdfTextResult | 'memory' {
  const documentDeadline = performance.now() + job.documentTimeoutMs;
  const memoryStopBytes = wasmMemoryBoundBytes() * MEMORY_STOP_SHARE;
  const pages: string[] = [];
  let remaining = job.maxTextChars;
  // The first place text was left out; reading may go on after a page that ran out of its time.
  let truncation: PdfTextResult['truncation'];
  for (let index = 0; index < count; index++) {
    const pageNumber = index + 1;
    const startedAt = performance.now();
    if (startedAt >= documentDeadline) {
      truncation ??= { reason: 'document-time', page: pageNumber };
      break;
    }
    const pageDeadline = Math.min(startedAt + job.pageTimeoutMs, documentDeadline);
    pdf.source.watch((wasmBytes) => {
      if (wasmBytes > memoryStopBytes) return 'memory';
      return performance.now() > pageDeadline ? 'time' : undefined;
    });
    const refusedBefore = refusedWasmGrowths();
    let page: PageText;
    try {
      page = readPage(pdf.document, index, pdf.source, remaining);
    } catch (error) {
      if (refusedWasmGrowths() > refusedBefore) return 'memory';
      // A page cut short by a stop may fail to load or to parse: that is the stop, not a broken PDF.
      if (pdf.source.stoppedBy() === undefined) throw error;
      page = { text: '', reachedCap: false };
    }
    const stop = pdf.source.stoppedBy();
    if (stop === 'memory') return 'memory';
    pages.push(page.text);
    remaining -= page.text.length;
    if (page.reachedCap) {
      truncation ??= { reason: 'characters', page: pageNumber };
      break;
    }
    if (remaining <= 0 && pageNumber < count) {
      truncation ??= { reason: 'characters', page: pageNumber + 1 };
      break;
    }
    if (stop === 'time') {
      if (performance.now() >= documentDeadline) {
        truncation ??= { reason: 'document-time', page: pageNumber };
        break;
      }
      truncation ??= { reason: 'page-time', page: pageNumber };
      pdf.reopen();
    }
  }
  return truncation ? { pages, truncation } : { pages };
}

function readPage(document: mupdf.Document, index: number, source: PdfByteStream, maxChars: number): PageText {
  const page = document.loadPage(index);
  try {
    return readPageText(page, source, maxChars);
  } finally {
    page.destroy();
  }
}

/** The PDF read through a stream that can end early (the PDF is never copied whole into mupdf's memory). */
function openPdf(bytes: Uint8Array): OpenPdf {
  const open = () => {
    const source = createPdfByteStream(bytes);
    try {
      return { source, document: mupdf.Document.openDocument(source.stream, 'application/pdf') };
    } catch (error) {
      source.stream.destroy();
      throw error;
    }
  };
  const close = ({ source, document }: ReturnType<typeof open>) => {
    document.destroy();
    source.stream.destroy();
  };
  let current = open();
  return {
    get document() {
      return current.document;
    },
    get source() {
      return current.source;
    },
    reopen: () => {
      close(current);
      current = open();
    },
    close: () => close(current),
  };
}

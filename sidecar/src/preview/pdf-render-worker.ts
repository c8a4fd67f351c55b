// The worker thread behind pdf-render-pool.ts: opens one PDF at a time with mupdf, reading the file on demand (it is
// never loaded whole, into memory or the WebAssembly heap), and renders only the requested page to a PNG.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { serveWorkerJobs, type JobOutcome } from '../workers/worker-jobs.js';

/** What the pool sends: the PDF's file, the 0-based page and the zoom (1 = 72 dpi). */
export interface PdfRenderJob {
  filePath: string;
  pageIndex: number;
  scale: number;
  /** The largest image rendered, in pixels; a page that would be larger is rendered at a smaller scale. */
  maxPixels: number;
}

export interface PdfRenderResult {
  png: Uint8Array<ArrayBuffer>;
  totalPages: number;
  width: number;
  height: number;
}

/** Above this, the worker is replaced after the job: its WebAssembly heap keeps its high-water mark forever. */
const RECYCLE_AFTER_PIXELS = 8_000_000;
const UNREADABLE = 'The file is not a readable PDF.';

// mupdf writes its warnings (repaired xrefs, bad content streams) to stderr by default; they say nothing to users.
mupdf.setLog({});

serveWorkerJobs(renderPage);

function renderPage(job: PdfRenderJob): JobOutcome<PdfRenderResult> {
  let fd: number;
  try {
    fd = openSync(job.filePath, 'r');
  } catch {
    return { failure: UNREADABLE };
  }
  try {
    const outcome = renderFromFile(fd, job);
    // Large pages and large documents (images decoded, many objects) leave a large heap behind.
    const pixels = 'result' in outcome ? outcome.result.width * outcome.result.height : 0;
    return { ...outcome, recycle: pixels > RECYCLE_AFTER_PIXELS || fstatSync(fd).size > 32 * 1024 * 1024 };
  } finally {
    closeSync(fd);
  }
}

function renderFromFile(fd: number, job: PdfRenderJob): JobOutcome<PdfRenderResult> {
  const stream = streamOf(fd);
  let document: mupdf.Document | undefined;
  try {
    document = mupdf.Document.openDocument(stream, 'application/pdf');
    if (document.needsPassword()) return { failure: 'The PDF is encrypted.' };
    const totalPages = document.countPages();
    // mupdf repairs what it can; a "PDF" with no page left after that is not one.
    if (totalPages === 0) return { failure: UNREADABLE };
    if (job.pageIndex >= totalPages) {
      return { failure: `Page ${job.pageIndex + 1} does not exist: the PDF has ${totalPages} page(s).` };
    }
    const rendered = renderPng(document, job);
    return { result: { ...rendered, totalPages }, transfer: [rendered.png.buffer] };
  } catch {
    return { failure: UNREADABLE };
  } finally {
    document?.destroy();
    stream.destroy();
    mupdf.emptyStore();
  }
}

function renderPng(document: mupdf.Document, job: PdfRenderJob): Omit<PdfRenderResult, 'totalPages'> {
  const page = document.loadPage(job.pageIndex);
  try {
    const scale = fittingScale(page.getBounds(), job.scale, job.maxPixels);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return { png: pixmap.asPNG().slice(), width: pixmap.getWidth(), height: pixmap.getHeight() };
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}

/** `scale`, or the largest below it at which the page's whole pixels stay within `maxPixels`. */
function fittingScale([x0, y0, x1, y1]: mupdf.Rect, scale: number, maxPixels: number): number {
  const pixelsAt = (s: number) => Math.ceil((x1 - x0) * s) * Math.ceil((y1 - y0) * s);
  let fitting = Math.min(scale, Math.sqrt(maxPixels / Math.max(1, (x1 - x0) * (y1 - y0))));
  while (fitting > 0.01 && pixelsAt(fitting) > maxPixels) fitting *= 0.99;
  return fitting;
}

/** A mupdf stream that reads the open file on demand (closed by the caller). */
function streamOf(fd: number): mupdf.Stream {
  const size = fstatSync(fd).size;
  return new mupdf.Stream({
    fileSize: () => size,
    read: (memory, offset, length, position) => readSync(fd, memory, offset, length, position),
    close: () => undefined,
  });
}

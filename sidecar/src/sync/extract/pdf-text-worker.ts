// The worker thread behind pdf-text.ts: opens one PDF at a time with mupdf and answers its pages' text, so the
// sidecar's event loop never waits on a parse.
import { parentPort } from 'node:worker_threads';
import * as mupdf from 'mupdf';

/** What the pool sends: the PDF's bytes (transferred) and the bounds of what to read. */
export interface PdfTextJob {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  maxPages: number;
  maxTextChars: number;
}

/** What the worker answers: the pages' text, or why the PDF cannot be read (a message safe to show). */
export type PdfTextAnswer = { id: number; pages: string[] } | { id: number; unreadable: string };

const UNREADABLE = 'The PDF could not be read.';

// mupdf writes its warnings (repaired xrefs, bad content streams) to stderr by default; they say nothing to users.
mupdf.setLog({});

parentPort?.on('message', (job: PdfTextJob) => {
  parentPort?.postMessage(readPages(job));
});

function readPages(job: PdfTextJob): PdfTextAnswer {
  let document: mupdf.Document | undefined;
  try {
    document = mupdf.Document.openDocument(job.bytes, 'application/pdf');
    if (document.needsPassword()) return { id: job.id, unreadable: 'The PDF is encrypted.' };
    // mupdf repairs what it can; a "PDF" with no page left after that is not one.
    if (document.countPages() === 0) return { id: job.id, unreadable: UNREADABLE };
    const pageCount = Math.min(document.countPages(), job.maxPages);
    const pages: string[] = [];
    let remaining = job.maxTextChars;
    for (let index = 0; index < pageCount && remaining > 0; index++) {
      const text = pageText(document, index).slice(0, remaining);
      pages.push(text);
      remaining -= text.length;
    }
    return { id: job.id, pages };
  } catch {
    return { id: job.id, unreadable: UNREADABLE };
  } finally {
    document?.destroy();
  }
}

function pageText(document: mupdf.Document, index: number): string {
  const page = document.loadPage(index);
  try {
    const structured = page.toStructuredText('');
    try {
      return structured.asText().trim();
    } finally {
      structured.destroy();
    }
  } finally {
    page.destroy();
  }
}

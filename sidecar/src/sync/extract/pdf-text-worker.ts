// The worker thread behind pdf-text.ts: opens one PDF at a time with mupdf and answers its pages' text, so the
// sidecar's event loop never waits on a parse.
import * as mupdf from 'mupdf';
import { serveWorkerJobs, type JobOutcome } from '../../workers/worker-jobs.js';

/** What the pool sends: the PDF's bytes (transferred) and the bounds of what to read. */
export interface PdfTextJob {
  bytes: Uint8Array<ArrayBuffer>;
  maxPages: number;
  maxTextChars: number;
}

const UNREADABLE = 'The PDF could not be read.';

// mupdf writes its warnings (repaired xrefs, bad content streams) to stderr by default; they say nothing to users.
mupdf.setLog({});

serveWorkerJobs(readPages);

/** The pages' text, or why the PDF cannot be read (a message safe to show). */
function readPages(job: PdfTextJob): JobOutcome<string[]> {
  let document: mupdf.Document | undefined;
  try {
    document = mupdf.Document.openDocument(job.bytes, 'application/pdf');
    if (document.needsPassword()) return { failure: 'The PDF is encrypted.' };
    // mupdf repairs what it can; a "PDF" with no page left after that is not one.
    if (document.countPages() === 0) return { failure: UNREADABLE };
    const pageCount = Math.min(document.countPages(), job.maxPages);
    const pages: string[] = [];
    let remaining = job.maxTextChars;
    for (let index = 0; index < pageCount && remaining > 0; index++) {
      const text = pageText(document, index).slice(0, remaining);
      pages.push(text);
      remaining -= text.length;
    }
    return { result: pages };
  } catch {
    return { failure: UNREADABLE };
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

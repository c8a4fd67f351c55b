// The worker thread behind document-text.ts: reads one document at a time with the extractor of its format, each
// extractor's module imported only when a document of its format arrives (the idle sidecar loads none of them).
import { serveWorkerJobs, type JobOutcome } from '../../workers/worker-jobs.js';
import { createDeadline, type ExtractionLimits } from './extraction-limits.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';
import type { DocumentFormat } from './document-formats.js';
import type { Extractor } from './extractor.js';
import { createTextSink } from './text-sink.js';

export interface DocumentTextJob {
  bytes: Uint8Array<ArrayBuffer>;
  format: DocumentFormat;
  limits: ExtractionLimits;
}

export interface DocumentTextResult {
  text: string;
  /** Text was left out at the character cap. */
  cut: boolean;
}

const EXTRACTORS: Partial<Record<DocumentFormat, () => Promise<Extractor>>> = {
  docx: async () => (await import('./docx-text.js')).extractDocxText,
  xlsx: async () => (await import('./xlsx-text.js')).extractXlsxText,
  pptx: async () => (await import('./pptx-text.js')).extractPptxText,
  odt: async () => (await import('./odf-text.js')).extractOdfText,
  ods: async () => (await import('./odf-text.js')).extractOdfText,
  odp: async () => (await import('./odf-text.js')).extractOdfText,
  rtf: async () => (await import('./rtf-text.js')).extractRtfText,
  html: async () => (await import('./html-text.js')).extractHtmlText,
  epub: async () => (await import('./epub-text.js')).extractEpubText,
  eml: async () => (await import('./eml-text.js')).extractEmlText,
};

serveWorkerJobs(readDocumentText);

async function readDocumentText(job: DocumentTextJob): Promise<JobOutcome<DocumentTextResult>> {
  const load = EXTRACTORS[job.format];
  if (!load) return { failure: REFUSAL_REASONS.corrupt };
  const sink = createTextSink(job.limits.maxTextChars);
  try {
    const extract = await load();
    await extract(job.bytes, { limits: job.limits, deadline: createDeadline(job.limits.timeoutMs), sink });
  } catch (error) {
    // The failure message is the reason itself: the pool turns it back into a skip with that reason.
    return { failure: error instanceof ExtractionRefusedError ? error.reason : REFUSAL_REASONS.corrupt };
  }
  return { result: { text: sink.text(), cut: sink.full } };
}

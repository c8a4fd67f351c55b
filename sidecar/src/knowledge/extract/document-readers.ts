// The sidecar's one pair of document readers (PDFs; Office and other documents), built once by the composition root
// and shared by the knowledge index and the MCP file tools, so both together stay within one pool's bounds; each pool
// is loaded and started on the first document that needs it (an idle sidecar runs no worker), stopped at shutdown.
import type { DocumentFormat } from './document-formats.js';
import type { DocumentTextPool, DocumentTextPoolOptions, DocumentTextResult } from './document-text.js';
import type { PdfTextLimits, PdfTextPool, PdfTextPoolOptions, PdfTextResult } from './pdf-text.js';

export interface DocumentReaders {
  readDocumentText(bytes: Uint8Array, format: DocumentFormat): Promise<DocumentTextResult>;
  readPdfText(bytes: Uint8Array, limits: PdfTextLimits): Promise<PdfTextResult>;
  /** Worker threads running now, both pools together (0 until the first document). */
  liveWorkers(): number;
  close(): Promise<void>;
}

export interface DocumentReaderOptions {
  /** KNOWLEDGE_PDF_* (settings/pdf-text-settings.ts), tests may add `maxQueued`. */
  pdf: PdfTextPoolOptions;
  /** KNOWLEDGE_DOCUMENT_* as `limits` (settings/document-text-settings.ts), tests may add the rest. */
  documents: DocumentTextPoolOptions;
}

export function createDocumentReaders(options: DocumentReaderOptions): DocumentReaders {
  let documents: Promise<DocumentTextPool> | undefined;
  let pdfs: Promise<PdfTextPool> | undefined;
  let started: (DocumentTextPool | PdfTextPool)[] = [];
  let closed = false;
  const closedError = () => new Error('The document readers are closed.');
  const keep = <Pool extends DocumentTextPool | PdfTextPool>(pool: Pool): Pool => {
    started.push(pool);
    return pool;
  };
  return {
    readDocumentText: async (bytes, format) => {
      if (closed) throw closedError();
      documents ??= import('./document-text.js').then((module) =>
        keep(module.createDocumentTextPool(options.documents)),
      );
      return (await documents).readDocumentText(bytes, format);
    },
    readPdfText: async (bytes, limits) => {
      if (closed) throw closedError();
      pdfs ??= import('./pdf-text.js').then((module) => keep(module.createPdfTextPool(options.pdf)));
      return (await pdfs).readPdfText(bytes, limits);
    },
    liveWorkers: () => started.reduce((sum, pool) => sum + pool.liveWorkers(), 0),
    close: async () => {
      closed = true;
      await Promise.all([documents?.then((pool) => pool.close()), pdfs?.then((pool) => pool.close())]);
      started = [];
    },
  };
}

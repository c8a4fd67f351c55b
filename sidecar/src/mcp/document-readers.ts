// The document readers of the MCP file tools: the PDF reader and the reader of Office and other documents, each
// loaded and started on the first tool call that needs it (an idle sidecar holds neither), stopped with the endpoint.
import type { DocumentFormat } from '../knowledge/extract/document-formats.js';
import type { DocumentTextPool, DocumentTextResult } from '../knowledge/extract/document-text.js';
import type { ExtractionLimits } from '../knowledge/extract/extraction-limits.js';
import type { PdfTextLimits, PdfTextPool, PdfTextResult } from '../knowledge/extract/pdf-text.js';

export interface DocumentReaders {
  readDocumentText(bytes: Uint8Array, format: DocumentFormat): Promise<DocumentTextResult>;
  readPdfText(bytes: Uint8Array, limits: PdfTextLimits): Promise<PdfTextResult>;
  close(): Promise<void>;
}

/** `documentLimits`: KNOWLEDGE_DOCUMENT_*, the same bounds as the index's reader (settings/document-text-settings.ts). */
export function createDocumentReaders(documentLimits?: Partial<ExtractionLimits>): DocumentReaders {
  let documents: Promise<DocumentTextPool> | undefined;
  let pdfs: Promise<PdfTextPool> | undefined;
  return {
    readDocumentText: async (bytes, format) => {
      documents ??= import('../knowledge/extract/document-text.js').then((module) =>
        module.createDocumentTextPool({ limits: documentLimits }),
      );
      return (await documents).readDocumentText(bytes, format);
    },
    readPdfText: async (bytes, limits) => {
      pdfs ??= import('../knowledge/extract/pdf-text.js').then((module) => module.createPdfTextPool());
      return (await pdfs).readPdfText(bytes, limits);
    },
    close: async () => {
      await Promise.all([documents?.then((pool) => pool.close()), pdfs?.then((pool) => pool.close())]);
    },
  };
}

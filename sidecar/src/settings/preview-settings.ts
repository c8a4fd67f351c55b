// Settings of the PDF preview (GET /api/v1/pdf-preview).
import { parsePositiveInteger } from './parsers.js';

export interface PreviewSettings {
  /** PDF_PREVIEW_MAX_BYTES (default 100 MiB, at most 1 GiB): larger PDFs are refused (413) while downloading. */
  maxBytes: number;
}

export const DEFAULT_PREVIEW_MAX_BYTES = 100 * 1024 * 1024;
const MAX_PREVIEW_MAX_BYTES = 1024 * 1024 * 1024;

export function parsePreviewSettings(read: (name: string) => string | undefined, problems: string[]): PreviewSettings {
  const maxBytes = parsePositiveInteger('PDF_PREVIEW_MAX_BYTES', read('PDF_PREVIEW_MAX_BYTES'), problems);
  if (maxBytes !== undefined && maxBytes > MAX_PREVIEW_MAX_BYTES) {
    problems.push(`PDF_PREVIEW_MAX_BYTES must be at most ${MAX_PREVIEW_MAX_BYTES} (1 GiB).`);
  }
  return { maxBytes: Math.min(maxBytes ?? DEFAULT_PREVIEW_MAX_BYTES, MAX_PREVIEW_MAX_BYTES) };
}

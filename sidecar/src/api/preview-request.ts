// Validates the query of GET /api/v1/pdf-preview: the file's path below the caller's home (traversal refused in any
// encoding), the page (1–10000, default 1) and the scale (0.5–5.0, default 2.0); unknown names refused.
import { parseFloatParam, parseIntegerParam } from '../http/validation.js';
import { InvalidInputError } from '../errors.js';
import { parseFilePath } from '../platform/files/dav-paths.js';
import type { PreviewRequest } from '../preview/pdf-preview.js';

export const MAX_PREVIEW_PAGE = 10_000;
const NAMES = new Set(['file_path', 'page', 'scale']);

export function parsePreviewQuery(query: Record<string, unknown>): PreviewRequest {
  const unknown = Object.keys(query).find((name) => !NAMES.has(name));
  if (unknown !== undefined) throw new InvalidInputError(`Unknown parameter: ${unknown.slice(0, 40)}.`);
  const raw = query.file_path;
  if (typeof raw !== 'string' || raw === '') {
    throw new InvalidInputError('file_path must be given once: the path of a PDF in your files.');
  }
  // The query was decoded once already: what still looks encoded ("%2e%2e", "%252e") is refused, never decoded again.
  const path = parseFilePath(raw);
  return {
    path,
    page: parseIntegerParam('page', query.page, { min: 1, max: MAX_PREVIEW_PAGE, fallback: 1 }),
    scale: parseFloatParam('scale', query.scale, { min: 0.5, max: 5, fallback: 2 }),
  };
}

// Validates the body of POST /api/v1/knowledge/search and the query of GET /api/v1/knowledge/chunk-context: bounds
// checked, unknown names refused (a typo must not silently become a default).
import { InvalidInputError } from '../errors.js';
import { DOC_TYPES, isDocType, type DocType } from '../knowledge/doc-types.js';
import { FUSIONS, type Fusion } from '../knowledge/search/fusion.js';
import { ALGORITHMS, type SearchRequest } from '../knowledge/search/search-service.js';
import type { ChunkContextRequest } from '../knowledge/search/chunk-context.js';
import { parseFloatParam, parseIntegerParam, parseQueryString } from '../http/validation.js';

export const MAX_QUERY_LENGTH = 10_000;
export const MAX_OFFSET = 1_000_000;
const SEARCH_FIELDS = new Set([
  'query',
  'algorithm',
  'fusion',
  'limit',
  'offset',
  'score_threshold',
  'doc_types',
  'include_pca',
  'include_chunks',
  // Read by knowledge/nextcloud-search/search-sources.ts.
  'sources',
]);

export function parseSearchRequest(body: unknown): SearchRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidInputError('The body must be a JSON object with at least "query".');
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((name) => !SEARCH_FIELDS.has(name));
  if (unknown.length > 0) throw new InvalidInputError(`Unknown field: ${unknown[0]!.slice(0, 40)}.`);
  return {
    query: parseQueryString('query', fields.query, { maxLength: MAX_QUERY_LENGTH }),
    algorithm: oneOf('algorithm', fields.algorithm, ALGORITHMS, 'hybrid'),
    fusion: oneOf('fusion', fields.fusion, FUSIONS, 'rrf') as Fusion,
    limit: parseIntegerParam('limit', numeric(fields.limit), { min: 1, max: 100, fallback: 10 }),
    offset: parseIntegerParam('offset', numeric(fields.offset), { min: 0, max: MAX_OFFSET, fallback: 0 }),
    scoreThreshold: parseFloatParam('score_threshold', numeric(fields.score_threshold), {
      min: 0,
      max: 1,
      fallback: 0,
    }),
    docTypes: parseDocTypes(fields.doc_types),
    includePca: flag('include_pca', fields.include_pca),
    includeChunks: flag('include_chunks', fields.include_chunks),
  };
}

export function parseChunkContextQuery(query: Record<string, unknown>): ChunkContextRequest {
  const docType = query.doc_type;
  if (!isDocType(docType)) throw new InvalidInputError(`doc_type must be one of ${DOC_TYPES.join(', ')}.`);
  const docId = query.doc_id;
  if (typeof docId !== 'string' || docId.length === 0 || docId.length > 512 || /[\u0000-\u001f]/.test(docId)) {
    throw new InvalidInputError('doc_id must be the doc_id of a search result.');
  }
  const start = parseIntegerParam('start', query.start, { min: 0, max: 100_000_000 });
  const end = parseIntegerParam('end', query.end, { min: 1, max: 100_000_000 });
  if (end <= start) throw new InvalidInputError('end must be greater than start.');
  if (end - start > 100_000) throw new InvalidInputError('end - start must be at most 100000 characters.');
  const context = parseIntegerParam('context', query.context, { min: 0, max: 10_000, fallback: 500 });
  return { docType, docId, start, end, context };
}

export function parsePointIds(body: unknown): string[] {
  const ids = (body as { point_ids?: unknown } | null)?.point_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) {
    throw new InvalidInputError('point_ids must be a list of 1 to 100 point ids.');
  }
  for (const id of ids) {
    if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) {
      throw new InvalidInputError('Each point id must be the point_id of a search result.');
    }
  }
  return [...new Set(ids as string[])];
}

function oneOf<T extends string>(name: string, raw: unknown, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback;
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  throw new InvalidInputError(`${name} must be one of ${allowed.join(', ')}.`);
}

/** JSON numbers only (a string "10" in a JSON body is a client bug worth reporting). */
function numeric(raw: unknown): unknown {
  if (raw === undefined || typeof raw === 'number') return raw;
  return Number.NaN;
}

function flag(name: string, raw: unknown): boolean {
  if (raw === undefined) return false;
  if (typeof raw === 'boolean') return raw;
  throw new InvalidInputError(`${name} must be true or false.`);
}

function parseDocTypes(raw: unknown): DocType[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || raw.length > DOC_TYPES.length * 2 || !raw.every(isDocType)) {
    throw new InvalidInputError(`doc_types must be a list of: ${DOC_TYPES.join(', ')}.`);
  }
  return [...new Set(raw)];
}

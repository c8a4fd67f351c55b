// The sidecar's own copies of what sidecar/openapi.json says equal it: the names (document types, algorithms, presets,
// modes, error codes), the bounds its request parsers enforce (probed at each bound and one step past it), their
// defaults, and the fields of the documents its routes answer.
import { describe, expect, it } from 'vitest';
import { parseChunkContextQuery, parsePointIds, parseSearchRequest } from '../../src/api/search-request.js';
import type { SessionDocument } from '../../src/api/session-routes.js';
import type { StatusDocument } from '../../src/api/status-route.js';
import { USER_ID_PATTERN } from '../../src/platform/user-ids.js';
import * as errors from '../../src/errors.js';
import { parsePreviewQuery } from '../../src/api/preview-request.js';
import type { ChunkContext } from '../../src/knowledge/search/chunk-context.js';
import { DOC_TYPES } from '../../src/knowledge/doc-types.js';
import { FUSIONS } from '../../src/knowledge/search/fusion.js';
import { ALGORITHMS, type SearchResult } from '../../src/knowledge/search/search-service.js';
import type { NextcloudHit, NextcloudSection } from '../../src/knowledge/nextcloud-search/nextcloud-hits.js';
import { parseSearchSources, SEARCH_SOURCES } from '../../src/knowledge/nextcloud-search/search-sources.js';
import type { SourcesSearchResponse } from '../../src/knowledge/nextcloud-search/search-with-sources.js';
import { AUTH_MODES } from '../../src/settings/auth-mode.js';
import type { SyncStatus } from '../../src/knowledge/sync/sync-status.js';
import { WEBHOOK_PRESETS } from '../../src/knowledge/webhooks/webhook-presets.js';
import { documentedOperations, loadOpenApi, parameterOf, type JsonSchema } from '../support/openapi.js';

const document = loadOpenApi();
const schemas = document.components.schemas;
const operation = (method: string, route: string) =>
  documentedOperations(document).find((entry) => entry.method === method && entry.route === route)!.operation;
const enumOf = (name: string) => schemas[name]!.enum as unknown[];
const propertiesOf = (name: string) => schemas[name]!.properties as Record<string, JsonSchema>;
const sorted = (values: readonly unknown[]) => [...values].map(String).sort();

interface Bounds {
  minimum: number;
  maximum: number;
  type: 'integer' | 'number';
}
/** One step past a bound: the next whole number, or a hundredth for numbers. */
const stepOf = (bounds: Bounds) => (bounds.type === 'integer' ? 1 : 0.01);

/** Whether `parse` accepts `input` (it throws InvalidInputError otherwise). */
function accepts(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch (error) {
    if (error instanceof errors.InvalidInputError) return false;
    throw error;
  }
}

/** Accepted at both bounds, refused one step outside each: [min, max, below, above]. */
function probe(bounds: Bounds, parseWith: (value: number) => unknown): boolean[] {
  const step = stepOf(bounds);
  return [bounds.minimum, bounds.maximum, bounds.minimum - step, bounds.maximum + step].map((value) =>
    accepts(() => parseWith(value)),
  );
}
const AS_DOCUMENTED = [true, true, false, false];

/** A file path of `length` characters: folders of 100-character names (Nextcloud allows at most 255 bytes each). */
const pathOf = (length: number) => `/${'f'.repeat(99)}`.repeat(Math.ceil(length / 100)).slice(0, length);

describe('the names of sidecar/openapi.json', () => {
  it('are the sidecar’s document types, algorithms, fusions, auth modes, webhook presets and user-id rule', () => {
    const names = [DOC_TYPES, ALGORITHMS, FUSIONS, AUTH_MODES, WEBHOOK_PRESETS].map(sorted);

    expect(names).toEqual(
      ['DocType', 'Algorithm', 'Fusion', 'AuthMode', 'WebhookPreset'].map((n) => sorted(enumOf(n))),
    );
    expect(schemas.UserId!.pattern).toBe(USER_ID_PATTERN.source);
  });

  it('list every error code the sidecar answers with', () => {
    const codes = Object.values(errors)
      .filter((value) => typeof value === 'function' && value.prototype instanceof errors.AppError)
      .flatMap((ErrorClass) => {
        const make = ErrorClass as unknown as new (message: unknown, options?: unknown) => errors.AppError;
        return [new make('x').code, new make('x', { timedOut: true }).code];
      });

    const unlisted = [...new Set([...codes, 'internal_error'])].filter((code) => !enumOf('ErrorCode').includes(code));

    expect(unlisted).toEqual([]);
  });

  it('are exactly the closed set of codes the sidecar declares', () => {
    expect(sorted(enumOf('ErrorCode'))).toEqual(sorted(errors.ERROR_CODES));
  });
});

describe('the search body of POST /api/v1/search', () => {
  const search = propertiesOf('SearchRequest');
  const parse = (fields: Record<string, unknown>) => parseSearchRequest({ query: 'budget', ...fields });

  it.each(['limit', 'offset', 'score_threshold'])('takes %s within the documented bounds only', (name) => {
    const probed = probe(search[name] as unknown as Bounds, (value) => parse({ [name]: value }));

    expect(probed).toEqual(AS_DOCUMENTED);
  });

  it('takes a query of the documented length only, and the documented names only', () => {
    const { maxLength } = search.query as { maxLength: number };

    const lengths = [1, maxLength, 0, maxLength + 1].map((length) =>
      accepts(() => parse({ query: 'q'.repeat(length) })),
    );
    const unknownField = accepts(() => parse({ limits: 5 }));

    expect(lengths).toEqual(AS_DOCUMENTED);
    expect(unknownField).toBe(false);
    expect(Object.keys(search).sort()).toEqual(
      [
        'query',
        'algorithm',
        'fusion',
        'limit',
        'offset',
        'score_threshold',
        'doc_types',
        'include_pca',
        'include_chunks',
        'sources',
      ].sort(),
    );
  });

  it('takes up to the documented number of sources, each a documented one', () => {
    const { maxItems, items } = search.sources as { maxItems: number; items: { enum: string[] } };
    const many = (count: number) => Array.from({ length: count }, (_, i) => items.enum[i % items.enum.length]);

    const probed = [many(1), many(maxItems), many(maxItems + 1), [], ['mail']].map((sources) =>
      accepts(() => parseSearchSources(sources)),
    );

    expect(probed).toEqual([true, true, false, false, false]);
    expect(items.enum).toEqual([...SEARCH_SOURCES]);
  });

  it('takes up to the documented number of document types, each a documented one', () => {
    const [list] = (search.doc_types as { oneOf: { maxItems: number }[] }).oneOf;
    const many = (count: number) => Array.from({ length: count }, (_, i) => DOC_TYPES[i % DOC_TYPES.length]);

    const probed = [many(1), many(list!.maxItems), many(list!.maxItems + 1), ['mail']].map((docTypes) =>
      accepts(() => parse({ doc_types: docTypes })),
    );

    expect(probed).toEqual([true, true, false, false]);
  });

  it('fills in the documented defaults', () => {
    const parsed = parseSearchRequest({ query: 'budget' });

    expect({
      algorithm: parsed.algorithm,
      fusion: parsed.fusion,
      limit: parsed.limit,
      offset: parsed.offset,
      score_threshold: parsed.scoreThreshold,
      include_pca: parsed.includePca,
      include_chunks: parsed.includeChunks,
      sources: parseSearchSources(undefined),
    }).toEqual(
      Object.fromEntries(Object.entries(search).flatMap(([name, s]) => ('default' in s ? [[name, s.default]] : []))),
    );
  });
});

describe('the other knowledge requests', () => {
  const chunkContext = operation('GET', '/api/v1/chunk-context');
  const bound = (name: string) => parameterOf(document, chunkContext, name).schema as unknown as Bounds;
  const context = (fields: Record<string, unknown>) =>
    parseChunkContextQuery({ doc_type: 'file', doc_id: '1', start: '0', end: '10', ...fields });

  it('takes chunk-context offsets and context within the documented bounds', () => {
    const start = probe(bound('start'), (value) =>
      context({ start: String(value), end: String(Math.max(value + 1, 1)) }),
    );
    const end = probe(bound('end'), (value) => context({ start: String(Math.max(value - 1, 0)), end: String(value) }));
    const around = probe(bound('context'), (value) => context({ context: String(value) }));

    // The largest start has no end above it (end is bounded the same): that bound is checked from below only.
    expect([start[0], start[2], start[3]]).toEqual([true, false, false]);
    expect([end[0], end[1], end[3]]).toEqual([true, true, false]);
    expect(around).toEqual(AS_DOCUMENTED);
    expect(context({}).context).toBe((bound('context') as unknown as { default: number }).default);
  });

  it('takes a chunk-context doc_id of the documented length, of a documented type', () => {
    const { maxLength } = parameterOf(document, chunkContext, 'doc_id').schema as { maxLength: number };

    const probed = ['d'.repeat(maxLength), 'd'.repeat(maxLength + 1), ''].map((docId) =>
      accepts(() => context({ doc_id: docId })),
    );
    const types = DOC_TYPES.map((docType) => accepts(() => context({ doc_type: docType })));

    expect(probed).toEqual([true, false, false]);
    expect(types.every(Boolean)).toBe(true);
  });

  it('takes the documented number of point ids in the documented form', () => {
    const { minItems, maxItems } = propertiesOf('PointsRequest').point_ids as { minItems: number; maxItems: number };
    const ids = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));

    const probed = [ids(minItems), ids(maxItems), ids(minItems - 1), ids(maxItems + 1), ['12; DROP']].map((list) =>
      accepts(() => parsePointIds({ point_ids: list })),
    );

    expect(probed).toEqual([true, true, false, false, false]);
  });

  it('takes a preview page, scale and path within the documented bounds, with the documented defaults', () => {
    const preview = operation('GET', '/api/v1/pdf-preview');
    const schemaOf = (name: string) =>
      parameterOf(document, preview, name).schema as unknown as Bounds & {
        default: number;
        maxLength: number;
      };
    const query = (fields: Record<string, unknown>) => parsePreviewQuery({ file_path: '/a.pdf', ...fields });

    const page = probe(schemaOf('page'), (value) => query({ page: String(value) }));
    const scale = probe(schemaOf('scale'), (value) => query({ scale: String(value) }));
    const { maxLength } = schemaOf('file_path');
    const path = [maxLength - 1, maxLength, maxLength + 1].map((length) =>
      accepts(() => query({ file_path: pathOf(length) })),
    );

    expect([page, scale]).toEqual([AS_DOCUMENTED, AS_DOCUMENTED]);
    expect(path).toEqual([true, true, false]);
    expect([query({}).page, query({}).scale]).toEqual([schemaOf('page').default, schemaOf('scale').default]);
  });
});

describe('the documents the routes answer', () => {
  /** The fields of the sidecar's own type for a document; the compiler makes the list complete and exact. */
  const fieldsOf = <T>(fields: Record<keyof T, true>) => Object.keys(fields).sort();

  it('have the fields of the sidecar’s types, no more and no fewer', () => {
    const ours = {
      SearchResult: fieldsOf<SearchResult>({
        point_id: true,
        doc_type: true,
        doc_id: true,
        title: true,
        score: true,
        relevance: true,
        mime_type: true,
        chunk_start_offset: true,
        chunk_end_offset: true,
        chunk_index: true,
        total_chunks: true,
        page_number: true,
        page_count: true,
        excerpt: true,
        link: true,
        metadata: true,
        chunk_text: true,
        pca: true,
      }),
      SearchAnswer: fieldsOf<SourcesSearchResponse>({
        nextcloud: true,
        query: true,
        algorithm: true,
        fusion: true,
        results: true,
        total_found: true,
        total_found_is_lower_bound: true,
        no_close_matches: true,
        relevance_cutoff: true,
        offset: true,
        limit: true,
        fallback: true,
        pca: true,
      }),
      ChunkContext: fieldsOf<ChunkContext>({
        doc_type: true,
        doc_id: true,
        title: true,
        start: true,
        end: true,
        text: true,
        before: true,
        after: true,
        has_more_before: true,
        has_more_after: true,
        page_number: true,
        page_count: true,
      }),
      SyncStatus: fieldsOf<SyncStatus>({
        enabled: true,
        user_id: true,
        state: true,
        paused_reason: true,
        documents: true,
        chunks: true,
        queued: true,
        failed: true,
        failures: true,
        last_scan_at: true,
        next_scan_at: true,
        sources: true,
        embedder: true,
        index: true,
        ocr: true,
      }),
      Status: fieldsOf<StatusDocument>({
        version: true,
        auth_mode: true,
        supports_app_passwords: true,
        vector_sync_enabled: true,
        uptime_seconds: true,
        management_api_version: true,
        discovery_url: true,
        issuer: true,
        authorization_server: true,
        resource: true,
      }),
      NextcloudSearch: fieldsOf<NextcloudSection>({
        status: true,
        message: true,
        results: true,
        merged: true,
        providers: true,
        failed: true,
        skipped: true,
      }),
      NextcloudHit: fieldsOf<NextcloudHit>({
        provider_id: true,
        provider_name: true,
        title: true,
        subline: true,
        link: true,
        file_id: true,
        path: true,
      }),
      Session: fieldsOf<SessionDocument>({ user_id: true, offline_access_enabled: true, background_access: true }),
    };

    const documented = Object.fromEntries(
      Object.keys(ours).map((name) => [name, Object.keys(propertiesOf(name)).sort()]),
    );

    expect(ours).toEqual(documented);
  });
});

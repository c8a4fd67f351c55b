// Tools of the knowledge index (listed only when KNOWLEDGE_ENABLED is on): search the caller's files, notes, deck
// cards, calendar items, news items and contacts by meaning and keyword; read the text around a hit; sync status.
// Searches and reads count against the caller's allowance of knowledge reads, shared with the REST routes.
import { z } from 'zod';
import type { RateLimiter } from '../../limits/rate-limit.js';
import { InvalidInputError } from '../../errors.js';
import { rememberCurrentUser } from '../../platform/current-user.js';
import { readChunkContext } from '../../knowledge/search/chunk-context.js';
import { DOC_TYPES } from '../../knowledge/doc-types.js';
import { SEARCH_SOURCES } from '../../knowledge/nextcloud-search/search-sources.js';
import { searchWithSources } from '../../knowledge/nextcloud-search/search-with-sources.js';
import type { Knowledge } from '../../knowledge/knowledge.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { boundedText, READ_ONLY } from './tool-shapes.js';

const docType = z.enum(DOC_TYPES);
const hit = z.object({
  title: z.string(),
  doc_type: docType,
  doc_id: z.string(),
  excerpt: z.string(),
  score: z.number(),
  /** 0–1, comparable across queries (knowledge/search/relevance.ts). */
  relevance: z.number(),
  link: z.string().nullable(),
  file_path: z.string().optional(),
  page_number: z.number().nullable(),
  chunk_start_offset: z.number(),
  chunk_end_offset: z.number(),
});

// Nextcloud's own search beside the index (knowledge/nextcloud-search/nextcloud-hits.ts): no scores, no excerpts.
const nextcloudSection = z.object({
  status: z.enum(['answered', 'failed', 'not_asked']),
  message: z.string().nullable(),
  results: z.array(
    z.object({
      provider_id: z.string(),
      provider_name: z.string(),
      title: z.string(),
      subline: z.string(),
      link: z.string().nullable(),
      file_id: z.string().nullable(),
      path: z.string().nullable(),
    }),
  ),
  merged: z.array(z.object({ provider_id: z.string(), title: z.string(), point_id: z.string().nullable() })),
  providers: z.array(z.string()),
  failed: z.array(z.object({ provider_id: z.string(), reason: z.string() })),
  skipped: z.array(z.object({ provider_id: z.string(), reason: z.string() })),
});

/**
 * `reads`: the knowledge read limiter (limits/knowledge-read-limit.ts), hit with the caller's user id;
 * `nextcloudSearches`: the allowance of searches that also ask Nextcloud (limits/nextcloud-search-limit.ts).
 */
export function createKnowledgeTools(
  knowledge: Knowledge,
  reads: RateLimiter,
  nextcloudSearches?: RateLimiter,
): ToolDefinition[] {
  const sourcesDeps = {
    search: knowledge.search,
    nextcloudHits: knowledge.nextcloudHits,
    admitNextcloudSearch: nextcloudSearches && ((userId: string) => nextcloudSearches.hit(userId)),
  };
  const search = defineTool({
    name: 'nc_knowledge_search',
    app: 'knowledge',
    title: 'Search my Nextcloud content',
    description:
      'Finds files, notes, deck cards, calendar items, news items and contacts by keyword and meaning ' +
      '(hybrid by default). Each hit has a title, an excerpt, where it lives, a link to cite and a relevance from 0 ' +
      'to 1. no_close_matches says that no hit reaches the relevance cut-off: say so rather than answer from weak hits.',
    input: z.object({
      query: boundedText(2000),
      doc_types: z.array(docType).optional(),
      algorithm: z.enum(['hybrid', 'bm25', 'semantic']).default('hybrid'),
      limit: z.number().int().min(1).max(50).default(10),
      score_threshold: z
        .number()
        .min(0)
        .max(1)
        .default(0)
        .describe('Leaves out hits whose relevance (0 to 1) is below it; 0 keeps every hit.'),
      sources: z
        .array(z.enum(SEARCH_SOURCES))
        .min(1)
        .max(2)
        .default(['index'])
        .describe('Add "nextcloud" to include Nextcloud\'s own search (finds what is not indexed yet).'),
    }),
    output: z.object({
      results: z.array(hit),
      total_found: z.number(),
      no_close_matches: z.boolean(),
      relevance_cutoff: z.number(),
      note: z.string().optional(),
      nextcloud: nextcloudSection.optional(),
    }),
    annotations: READ_ONLY,
    async run({ query, doc_types, algorithm, limit, score_threshold, sources }, { nextcloud }) {
      const user = await rememberCurrentUser(nextcloud);
      await reads.hit(user.id);
      const request = {
        query: query.trim() || query,
        algorithm,
        fusion: 'rrf',
        limit,
        offset: 0,
        scoreThreshold: score_threshold,
        docTypes: doc_types,
        includePca: false,
        includeChunks: false,
      } as const;
      const response = await searchWithSources(sourcesDeps, user.id, request, [...new Set(sources)], () => nextcloud);
      return {
        results: response.results.map((result) => ({
          title: result.title,
          doc_type: result.doc_type,
          doc_id: result.doc_id,
          excerpt: result.excerpt,
          score: Math.round(result.score * 1000) / 1000,
          relevance: Math.round(result.relevance * 1000) / 1000,
          link: result.link,
          ...(typeof result.metadata.file_path === 'string' ? { file_path: result.metadata.file_path } : {}),
          page_number: result.page_number,
          chunk_start_offset: result.chunk_start_offset,
          chunk_end_offset: result.chunk_end_offset,
        })),
        total_found: response.total_found,
        no_close_matches: response.no_close_matches,
        relevance_cutoff: response.relevance_cutoff,
        ...(response.fallback ? { note: `Keyword search only: ${response.fallback.reason}` } : {}),
        ...(response.nextcloud ? { nextcloud: response.nextcloud } : {}),
      };
    },
    summarize: (result) => {
      const hits = result.results
        .map(
          (r, i) => `${i + 1}. ${r.title} (${r.doc_type}, relevance ${r.relevance}) ${r.link ?? ''}\n   ${r.excerpt}`,
        )
        .join('\n');
      const indexed =
        result.results.length === 0
          ? 'Nothing found.'
          : result.no_close_matches
            ? `No close matches; the nearest hits:\n${hits}`
            : hits;
      return result.nextcloud ? `${indexed}\n${summarizeNextcloud(result.nextcloud)}` : indexed;
    },
  });

  const context = defineTool({
    name: 'nc_knowledge_chunk_context',
    app: 'knowledge',
    title: 'Text around a search hit',
    description: 'Reads the text before and after a hit of nc_knowledge_search (its doc_type, doc_id and offsets).',
    input: z.object({
      doc_type: docType,
      doc_id: boundedText(512),
      start: z.number().int().min(0),
      end: z.number().int().min(1),
      context: z.number().int().min(0).max(5000).default(1000),
    }),
    output: z.object({
      title: z.string(),
      before: z.string(),
      text: z.string(),
      after: z.string(),
      has_more_before: z.boolean(),
      has_more_after: z.boolean(),
      page_number: z.number().nullable(),
    }),
    annotations: READ_ONLY,
    async run(args, { nextcloud }) {
      const user = await rememberCurrentUser(nextcloud);
      await reads.hit(user.id);
      if (args.end <= args.start || args.end - args.start > 100_000) {
        throw new InvalidInputError('end must be greater than start, at most 100000 characters apart.');
      }
      const found = await readChunkContext(knowledge.store, user.id, {
        docType: args.doc_type,
        docId: args.doc_id,
        start: args.start,
        end: args.end,
        context: args.context,
      });
      return {
        title: found.title,
        before: found.before,
        text: found.text,
        after: found.after,
        has_more_before: found.has_more_before,
        has_more_after: found.has_more_after,
        page_number: found.page_number,
      };
    },
    summarize: (result) => `${result.title}\n…${result.before}[${result.text}]${result.after}…`,
  });

  const status = defineTool({
    name: 'nc_knowledge_sync_status',
    app: 'knowledge',
    title: 'Knowledge index status',
    description: "Says what of the caller's content is indexed, queued or failed, and which embedder is used.",
    input: z.object({}),
    output: z.object({
      state: z.string(),
      paused_reason: z.string().nullable(),
      documents: z.number(),
      chunks: z.number(),
      queued: z.number(),
      failed: z.number(),
      last_scan_at: z.string().nullable(),
      embedder: z.string(),
    }),
    annotations: READ_ONLY,
    async run(_args, { nextcloud }) {
      const user = await rememberCurrentUser(nextcloud);
      const found = await knowledge.status(user.id);
      return {
        state: found.state,
        paused_reason: found.paused_reason,
        documents: found.documents,
        chunks: found.chunks,
        queued: found.queued,
        failed: found.failed,
        last_scan_at: found.last_scan_at,
        embedder: found.embedder.description ?? found.embedder.configured,
      };
    },
    summarize: (r) =>
      `Index ${r.state}: ${r.documents} documents, ${r.chunks} chunks, ${r.queued} queued, ${r.failed} failed.`,
  });

  return [search, context, status];
}

function summarizeNextcloud(section: z.infer<typeof nextcloudSection>): string {
  if (section.status !== 'answered') return `Nextcloud's search: ${section.message ?? section.status}`;
  const hits = section.results.map((r) => `- ${r.title} (${r.provider_name}) ${r.link ?? ''}`);
  const failed = section.failed.map((f) => `${f.provider_id} ${f.reason.replace('_', ' ')}`);
  return [
    `Also found by Nextcloud's search (${section.results.length}, ${section.merged.length} already listed above):`,
    ...hits,
    ...(failed.length > 0 ? [`No answer from: ${failed.join(', ')}.`] : []),
  ].join('\n');
}

// The knowledge routes of the management API: POST /api/v1/knowledge/search (the index, and Nextcloud's own search
// when `sources` names it), POST /api/v1/knowledge/search/points, GET /api/v1/knowledge/chunk-context and
// GET /api/v1/knowledge/status, each for the calling user's own index; each also answers at its first path (before
// the capability was named knowledge), deprecated in openapi.json.
import { Router, type RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';
import { parseSearchSources } from '../knowledge/nextcloud-search/search-sources.js';
import { searchWithSources } from '../knowledge/nextcloud-search/search-with-sources.js';
import type { HttpClient } from '../net/http-client.js';
import { createNextcloudClient } from '../platform/nextcloud-client.js';
import { readChunkContext } from '../knowledge/search/chunk-context.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { createKnowledgeReadLimiter } from '../limits/knowledge-read-limit.js';
import { createNextcloudSearchLimiter } from '../limits/nextcloud-search-limit.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import { knowledgeCallerOf } from '../http/knowledge-caller.js';
import { sendJsonInPieces } from './json-pieces.js';
import { parseChunkContextQuery, parsePointIds, parseSearchRequest } from './search-request.js';

export interface KnowledgeRouteDeps {
  /** Undefined when KNOWLEDGE_ENABLED is off: the routes answer 404 saying so. */
  knowledge?: Knowledge;
  rateLimiters: RateLimiterFactory;
  /** The one HTTP client and Nextcloud's address: a search with `sources` naming nextcloud asks it as the caller. */
  http: HttpClient;
  nextcloudHost: string;
}

/** Each route's path, then its old path: the same handler, authentication and limits answer both. */
export const KNOWLEDGE_PATHS = {
  search: ['/api/v1/knowledge/search', '/api/v1/search'],
  points: ['/api/v1/knowledge/search/points', '/api/v1/search/points'],
  chunkContext: ['/api/v1/knowledge/chunk-context', '/api/v1/chunk-context'],
  status: ['/api/v1/knowledge/status', '/api/v1/vector-sync/status'],
} as const;

const PATHS = Object.values(KNOWLEDGE_PATHS).flat();

export function createKnowledgeRouter(deps: KnowledgeRouteDeps): Router {
  const router = Router();
  const enabled: RequestHandler = (_req, _res, next) => {
    if (!deps.knowledge) throw new NotFoundError('The knowledge index is off (KNOWLEDGE_ENABLED=false).');
    next();
  };
  // The caller was identified by the route guards (route-guards.ts), as the route table says.
  router.use(PATHS, enabled);
  // Counted after authentication, per caller: an anonymous flood never uses up a user's allowance.
  const reads = createKnowledgeReadLimiter(deps.rateLimiters);
  const nextcloudSearches = createNextcloudSearchLimiter(deps.rateLimiters);
  const countRead: RequestHandler = async (_req, res, next) => {
    await reads.hit(knowledgeCallerOf(res).userId);
    next();
  };

  const handlers: Record<keyof typeof KNOWLEDGE_PATHS, RequestHandler> = {
    search: async (req, res) => {
      const request = parseSearchRequest(req.body);
      const sources = parseSearchSources((req.body as { sources?: unknown }).sources);
      const caller = knowledgeCallerOf(res);
      const client = () =>
        caller.credentials &&
        createNextcloudClient({ http: deps.http, host: deps.nextcloudHost, credentials: caller.credentials });
      const { search, nextcloudHits } = deps.knowledge!;
      const admitNextcloudSearch = (userId: string) => nextcloudSearches.hit(userId);
      const sourcesDeps = { search, nextcloudHits, admitNextcloudSearch };
      sendJsonInPieces(res, await searchWithSources(sourcesDeps, caller.userId, request, sources, client));
    },
    points: async (req, res) => {
      const ids = parsePointIds(req.body);
      sendJsonInPieces(res, { results: await deps.knowledge!.search.points(knowledgeCallerOf(res).userId, ids) });
    },
    chunkContext: async (req, res) => {
      const request = parseChunkContextQuery(req.query as Record<string, unknown>);
      res.json(await readChunkContext(deps.knowledge!.store, knowledgeCallerOf(res).userId, request));
    },
    status: async (_req, res) => {
      res.json(await deps.knowledge!.status(knowledgeCallerOf(res).userId));
    },
  };
  // One route per path (not one for both): the request metrics label each by its own template, the old paths too.
  for (const path of KNOWLEDGE_PATHS.search) router.post(path, countRead, handlers.search);
  for (const path of KNOWLEDGE_PATHS.points) router.post(path, countRead, handlers.points);
  for (const path of KNOWLEDGE_PATHS.chunkContext) router.get(path, countRead, handlers.chunkContext);
  for (const path of KNOWLEDGE_PATHS.status) router.get(path, handlers.status);

  return router;
}

// The knowledge routes of the management API: POST /api/v1/search, POST /api/v1/search/points,
// GET /api/v1/chunk-context and GET /api/v1/vector-sync/status, each for the calling user's own index.
import { Router, type RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';
import { readChunkContext } from '../knowledge/search/chunk-context.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { createKnowledgeReadLimiter } from '../limits/knowledge-read-limit.js';
import { memoryRateLimiters, type RateLimiterFactory } from '../limits/rate-limit.js';
import { knowledgeCallerOf, requireKnowledgeCaller, type KnowledgeCallerDeps } from '../http/knowledge-caller.js';
import { parseChunkContextQuery, parsePointIds, parseSearchRequest } from './search-request.js';

export interface KnowledgeRouteDeps {
  /** Undefined when VECTOR_SYNC_ENABLED is off: the routes answer 404 saying so. */
  knowledge?: Knowledge;
  caller: KnowledgeCallerDeps;
  rateLimiters?: RateLimiterFactory;
}

const READS = ['/api/v1/search', '/api/v1/search/points', '/api/v1/chunk-context'];
const PATHS = ['/api/v1/search', '/api/v1/search/points', '/api/v1/chunk-context', '/api/v1/vector-sync/status'];

export function createKnowledgeRouter(deps: KnowledgeRouteDeps): Router {
  const router = Router();
  const enabled: RequestHandler = (_req, _res, next) => {
    if (!deps.knowledge) throw new NotFoundError('The knowledge index is off (VECTOR_SYNC_ENABLED=false).');
    next();
  };
  router.use(PATHS, enabled, requireKnowledgeCaller(deps.caller));
  // Counted after authentication, per caller: an anonymous flood never uses up a user's allowance.
  const reads = createKnowledgeReadLimiter(deps.rateLimiters ?? memoryRateLimiters());
  router.use(READS, async (_req, res, next) => {
    await reads.hit(knowledgeCallerOf(res).userId);
    next();
  });

  router.post('/api/v1/search', async (req, res) => {
    const request = parseSearchRequest(req.body);
    res.json(await deps.knowledge!.search.search(knowledgeCallerOf(res).userId, request));
  });

  router.post('/api/v1/search/points', async (req, res) => {
    const ids = parsePointIds(req.body);
    res.json({ results: await deps.knowledge!.search.points(knowledgeCallerOf(res).userId, ids) });
  });

  router.get('/api/v1/chunk-context', async (req, res) => {
    const request = parseChunkContextQuery(req.query as Record<string, unknown>);
    res.json(await readChunkContext(deps.knowledge!.store, knowledgeCallerOf(res).userId, request));
  });

  router.get('/api/v1/vector-sync/status', async (_req, res) => {
    res.json(await deps.knowledge!.status(knowledgeCallerOf(res).userId));
  });

  return router;
}

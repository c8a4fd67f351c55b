// A knowledge search over the sources the request names: the caller's index, Nextcloud's unified search, or both,
// asked at the same time; Nextcloud's hits come in their own section (`nextcloud`), merged with the index's results.
import { RELEVANCE_CUTOFF } from '../search/relevance.js';
import { AppError, RateLimitedError } from '../../errors.js';
import type { NextcloudClient } from '../../platform/nextcloud-client.js';
import type { SearchRequest, SearchResponse, SearchService } from '../search/search-service.js';
import { mergeNextcloudHits } from './merge-nextcloud-hits.js';
import { failedSection, notAskedSection, type NextcloudHitsFinder, type NextcloudSection } from './nextcloud-hits.js';
import type { SearchSource } from './search-sources.js';

/** The index's answer, with Nextcloud's section when `sources` names it. */
export type SourcesSearchResponse = SearchResponse & { nextcloud?: NextcloudSection };

export interface SourcesSearchDeps {
  search: Pick<SearchService, 'search'>;
  nextcloudHits: NextcloudHitsFinder;
  /**
   * Counts a search of Nextcloud for the user (the caller's allowance); throws RateLimitedError once it is used up,
   * and the index answers alone.
   */
  admitNextcloudSearch?: (userId: string) => Promise<void>;
}

/** `client` is asked for only when Nextcloud is: the caller's own client, undefined without a credential. */
export async function searchWithSources(
  deps: SourcesSearchDeps,
  userId: string,
  request: SearchRequest,
  sources: readonly SearchSource[],
  client: () => NextcloudClient | undefined,
): Promise<SourcesSearchResponse> {
  const askNextcloud = async (): Promise<NextcloudSection | undefined> => {
    if (!sources.includes('nextcloud')) return undefined;
    if (request.offset > 0) return notAskedSection();
    try {
      await deps.admitNextcloudSearch?.(userId);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        return failedSection(`Nextcloud's search was asked too often; try again in ${error.retryAfterSeconds} s.`);
      }
      if (error instanceof AppError) return failedSection(error.message);
      throw error;
    }
    return deps.nextcloudHits.find(client(), request.query);
  };
  const [index, nextcloud] = await Promise.all([
    sources.includes('index') ? deps.search.search(userId, request) : indexNotAsked(request),
    askNextcloud(),
  ]);
  if (!nextcloud) return index;
  return { ...index, nextcloud: mergeNextcloudHits(nextcloud, index.results, deps.nextcloudHits.host) };
}

/** The answer's index part when `sources` leaves the index out: no results. */
function indexNotAsked(request: SearchRequest): SearchResponse {
  return {
    query: request.query,
    algorithm: request.algorithm,
    ...(request.algorithm === 'hybrid' ? { fusion: request.fusion } : {}),
    results: [],
    total_found: 0,
    total_found_is_lower_bound: false,
    offset: request.offset,
    limit: request.limit,
    // Nothing was ranked, so nothing fell below the cut-off: the Nextcloud section answers alone.
    no_close_matches: false,
    relevance_cutoff: RELEVANCE_CUTOFF,
  };
}

// The relevance cut-off of the search page, the sidecar's own: hits below the answer's relevance_cutoff are held
// back, so that a query with nothing close says so instead of listing unrelated hits (the MCP tool uses the same).
import type { SearchAnswer, SearchResult } from '../api/knowledge'

export interface RelevanceSplit {
	close: SearchResult[]
	weaker: SearchResult[]
}

/** Splits the answer's hits (in the server's order) into close matches and weaker ones. */
export function splitByRelevance(answer: Pick<SearchAnswer, 'results' | 'relevance_cutoff'> | null): RelevanceSplit {
	const results = answer?.results ?? []
	const cutoff = answer?.relevance_cutoff ?? 0
	return {
		close: results.filter((result) => result.relevance >= cutoff),
		weaker: results.filter((result) => result.relevance < cutoff),
	}
}

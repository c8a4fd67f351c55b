// The relevance cut-off of the search page: hits far weaker than the best one, or weak in themselves, are held back,
// so that a query with nothing close says so instead of listing fifteen unrelated hits.
import type { SearchResult } from '../api/knowledge'

/** Below this score (0–1 for every algorithm) a hit is no close match, whatever the others score. */
export const MIN_SCORE = 0.15
/** A hit scoring less than this share of the best hit's score is held back. */
export const MIN_SHARE_OF_BEST = 0.25

export interface RelevanceSplit {
	close: SearchResult[]
	weaker: SearchResult[]
}

/** Splits the hits (in the server's order) into close matches and weaker ones. */
export function splitByRelevance(results: SearchResult[]): RelevanceSplit {
	const best = Math.max(0, ...results.map((result) => result.score))
	const threshold = Math.max(MIN_SCORE, best * MIN_SHARE_OF_BEST)
	return {
		close: results.filter((result) => result.score >= threshold),
		weaker: results.filter((result) => result.score < threshold),
	}
}

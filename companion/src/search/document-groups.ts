// Groups the hits of one search by document (a PDF's pages, a long note's chunks), best chunk first.
import type { SearchResult } from '../api/knowledge'

export interface DocumentGroup {
	/** The document's best-scoring hit, shown first. */
	best: SearchResult
	/** Its other hits, best first. */
	more: SearchResult[]
}

/** Keeps the order of each document's best hit; a document's hits follow its best one. */
export function groupByDocument(results: SearchResult[]): DocumentGroup[] {
	const groups = new Map<string, SearchResult[]>()
	for (const result of results) {
		const key = `${result.doc_type}\u0000${result.doc_id}`
		groups.set(key, [...(groups.get(key) ?? []), result])
	}
	return [...groups.values()]
		.map((hits) => [...hits].sort((a, b) => b.score - a.score))
		.map(([best, ...more]) => ({ best: best!, more }))
		.sort((a, b) => b.best.score - a.best.score)
}

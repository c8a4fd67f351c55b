// Calls to the companion's knowledge routes, which forward to the MCP server: search, points, chunk context, PDF
// pages and the sync status.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'

export const DOC_TYPES = ['file', 'note', 'deck_card', 'calendar_item', 'news_item', 'contact'] as const
export type DocType = (typeof DOC_TYPES)[number]
export const ALGORITHMS = ['hybrid', 'bm25', 'semantic'] as const
export type Algorithm = (typeof ALGORITHMS)[number]
export const FUSIONS = ['rrf', 'dbsf'] as const
export type Fusion = (typeof FUSIONS)[number]
/** Where a search looks: the user's index, and Nextcloud's own unified search. */
export const SEARCH_SOURCES = ['index', 'nextcloud'] as const
export type SearchSource = (typeof SEARCH_SOURCES)[number]
/** The last page the MCP server renders (GET /api/v1/pdf-preview). */
export const MAX_PDF_PAGE = 10_000

export interface SearchRequest {
	query: string
	algorithm: Algorithm
	fusion: Fusion
	limit: number
	doc_types: DocType[]
	include_pca: boolean
	/** Absent: the index alone. */
	sources?: SearchSource[]
}

/** One hit; `pca` only when the search asked for it. */
export interface SearchResult {
	point_id: string
	doc_type: DocType
	doc_id: string
	title: string
	/** 0–1, the ranking's own (relative to the best hit for bm25): not comparable across queries. */
	score: number
	/** 0–1, comparable across queries: how close the hit comes to what the query could match at best. */
	relevance: number
	mime_type: string | null
	chunk_start_offset: number
	chunk_end_offset: number
	chunk_index: number
	total_chunks: number
	page_number: number | null
	page_count: number | null
	excerpt: string
	/** Absolute link that opens the item in its Nextcloud app; null for an item without one. */
	link: string | null
	metadata: { file_path?: string; modified_at?: string | number | null; [key: string]: unknown }
	pca?: [number, number, number]
}

export interface SearchAnswer {
	results: SearchResult[]
	total_found: number
	total_found_is_lower_bound: boolean
	/** No hit reaches `relevance_cutoff`: nothing listed is a close match. */
	no_close_matches: boolean
	/** The sidecar's relevance below which a hit is no close match (the MCP tool uses the same). */
	relevance_cutoff: number
	offset: number
	limit: number
	/** Present when the search by meaning failed and bm25 answered instead. */
	fallback?: { algorithm: 'bm25'; reason: string }
	pca?: { query: [number, number, number]; explained_variance: [number, number, number] }
	/** Present when the search asked Nextcloud too (`sources` with `nextcloud`). */
	nextcloud?: NextcloudSearch
}

/** One hit of Nextcloud's own search: not in the index, so no score, excerpt or map point. */
export interface NextcloudHit {
	provider_id: string
	/** The provider's name in the user's language (Files, Notes, …). */
	provider_name: string
	title: string
	subline: string
	link: string | null
	file_id: string | null
	path: string | null
}

/** What Nextcloud's search answered beside the index: its hits and the providers that did not answer. */
export interface NextcloudSearch {
	status: 'answered' | 'failed' | 'not_asked'
	message: string | null
	results: NextcloudHit[]
	/** Hits that were already among the index's results, listed there only. */
	merged: { provider_id: string; title: string; point_id: string | null }[]
	providers: string[]
	failed: { provider_id: string; reason: 'timed_out' | 'failed' | 'refused' | 'unknown' }[]
	skipped: { provider_id: string; reason: 'excluded' | 'over_limit' }[]
}

export interface ChunkContext {
	title: string
	text: string
	before: string
	after: string
	has_more_before: boolean
	has_more_after: boolean
	page_number: number | null
	page_count: number | null
}

export interface PdfPage {
	/** Base64 PNG. */
	image: string
	mime_type: string
	page_number: number
	total_pages: number
	width: number
	height: number
}

export interface SyncStatus {
	state: 'active' | 'paused' | 'not_synced'
	paused_reason: string | null
	documents: number
	chunks: number
	queued: number
	failed: number
	/** The embedder the index uses; kind null while it has not loaded yet. */
	embedder?: { kind: 'lexical' | 'semantic' | null }
	/** Per document type, what was found and not indexed or indexed only in part, counted by reason code. */
	sources?: Partial<Record<DocType, SourceStatus>>
}

/** One document type in the sync status; the reason codes are the sidecar's short, stable phrases. */
export interface SourceStatus {
	skipped: Record<string, number>
	partial: Record<string, number>
}

const route = (path: string): string => generateUrl('/apps/mcp_companion/api/v1/' + path)

export async function searchKnowledge(request: SearchRequest): Promise<SearchAnswer> {
	return (await axios.post<SearchAnswer>(route('knowledge/search'), request)).data
}

/** The caller's own results by point id (the search bar links to one); others' ids come back as nothing. */
export async function fetchPoints(pointIds: string[]): Promise<SearchResult[]> {
	const answer = await axios.post<{ results: SearchResult[] }>(route('knowledge/search/points'), {
		point_ids: pointIds,
	})
	return answer.data.results
}

export async function fetchChunkContext(result: SearchResult, contextChars = 500): Promise<ChunkContext> {
	const params = {
		doc_type: result.doc_type,
		doc_id: result.doc_id,
		start: result.chunk_start_offset,
		end: result.chunk_end_offset,
		context: contextChars,
	}
	return (await axios.get<ChunkContext>(route('knowledge/chunk-context'), { params })).data
}

/** @param scale 0.5–5.0 */
export async function fetchPdfPage(filePath: string, page: number, scale: number): Promise<PdfPage> {
	const params = { file_path: filePath, page, scale }
	return (await axios.get<PdfPage>(route('pdf-preview'), { params })).data
}

export async function fetchSyncStatus(): Promise<SyncStatus> {
	return (await axios.get<SyncStatus>(route('knowledge/status'))).data
}

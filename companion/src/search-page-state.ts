// The search page's initial state (`search`), as the PHP page controller provides it.
import { loadState } from '@nextcloud/initial-state'
import { DOC_TYPES, type DocType } from './api/knowledge'

export interface SearchPageState {
	signedIn: boolean
	loginUrl: string
	/** The document types the page offers as filters. */
	docTypes: DocType[]
}

/** Missing or unknown values fall back to: signed in (the routes say otherwise), all six types. */
export function loadSearchPageState(): SearchPageState {
	const state = loadState<Partial<SearchPageState>>('mcp_companion', 'search', {})
	const docTypes = Array.isArray(state.docTypes)
		? DOC_TYPES.filter((type) => (state.docTypes as unknown[]).includes(type))
		: [...DOC_TYPES]
	return {
		signedIn: state.signedIn !== false,
		loginUrl: typeof state.loginUrl === 'string' ? state.loginUrl : '',
		docTypes: docTypes.length > 0 ? docTypes : [...DOC_TYPES],
	}
}

// Remembers the search form's choices (algorithm, fusion, document types, asking Nextcloud too) in the browser, per
// Nextcloud app.
import { ALGORITHMS, DOC_TYPES, FUSIONS, type Algorithm, type DocType, type Fusion } from '../api/knowledge'

const KEY = 'mcp_companion:search-preferences'

export interface SearchPreferences {
	algorithm: Algorithm
	fusion: Fusion
	/** null: none remembered (all offered types). */
	docTypes: DocType[] | null
	/** Whether the search also asks Nextcloud's own search (off unless chosen). */
	alsoNextcloud: boolean
}

/** What was chosen last time; anything missing, unknown or unreadable falls back to the defaults. */
export function loadSearchPreferences(): SearchPreferences {
	let stored: Partial<Record<keyof SearchPreferences, unknown>> = {}
	try {
		stored = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') ?? {}
	} catch {
		stored = {}
	}
	const algorithm = ALGORITHMS.find((name) => name === stored.algorithm) ?? 'hybrid'
	const fusion = FUSIONS.find((name) => name === stored.fusion) ?? 'rrf'
	const docTypes = Array.isArray(stored.docTypes)
		? DOC_TYPES.filter((type) => (stored.docTypes as unknown[]).includes(type))
		: null
	return { algorithm, fusion, docTypes, alsoNextcloud: stored.alsoNextcloud === true }
}

/** A browser that refuses storage (private mode, quota) just forgets. */
export function saveSearchPreferences(preferences: SearchPreferences): void {
	try {
		window.localStorage.setItem(KEY, JSON.stringify(preferences))
	} catch {
		// nothing to remember with
	}
}

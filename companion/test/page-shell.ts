// What Nextcloud's page shell gives the Vue pages in tests: the initial-state inputs, a clean document and storage.

const SETTINGS_PAGE_PATH = '/index.php/settings/user/mcp_companion'

/** Adds the hidden input that Nextcloud's IInitialState renders for `key`. */
export function setInitialState(key: string, value: unknown): void {
	const input = document.createElement('input')
	input.type = 'hidden'
	input.id = `initial-state-mcp_companion-${key}`
	input.value = btoa(JSON.stringify(value))
	document.body.appendChild(input)
}

/** Forgets the previous page: DOM, cached initial state, session storage, query parameters. */
export function resetPageShell(): void {
	document.body.innerHTML = ''
	setPageQuery('')
	delete (window as { _nc_initial_state?: unknown })._nc_initial_state
	window.sessionStorage.clear()
	;(window as { _oc_webroot?: string })._oc_webroot = ''
}

/** Puts the settings page's address with this query (e.g. "?mcp_oauth=connected") in the address bar. */
export function setPageQuery(query: string): void {
	window.history.replaceState(null, '', SETTINGS_PAGE_PATH + query)
}

/** Finds an element by its data-test attribute anywhere in the document (dialogs are teleported to body). */
export function findInDocument(dataTest: string): HTMLElement | null {
	return document.querySelector<HTMLElement>(`[data-test="${dataTest}"]`)
}

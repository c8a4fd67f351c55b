// What Nextcloud's page shell gives the Vue pages in tests: the initial-state inputs, a clean document and storage.

/** Adds the hidden input that Nextcloud's IInitialState renders for `key`. */
export function setInitialState(key: string, value: unknown): void {
	const input = document.createElement('input')
	input.type = 'hidden'
	input.id = `initial-state-mcp_companion-${key}`
	input.value = btoa(JSON.stringify(value))
	document.body.appendChild(input)
}

/** Forgets the previous page: DOM, cached initial state, session storage. */
export function resetPageShell(): void {
	document.body.innerHTML = ''
	delete (window as { _nc_initial_state?: unknown })._nc_initial_state
	window.sessionStorage.clear()
	;(window as { _oc_webroot?: string })._oc_webroot = ''
}

/** Finds an element by its data-test attribute anywhere in the document (dialogs are teleported to body). */
export function findInDocument(dataTest: string): HTMLElement | null {
	return document.querySelector<HTMLElement>(`[data-test="${dataTest}"]`)
}

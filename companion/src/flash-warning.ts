// A warning that outlives one page reload, so a message shown just before reloading is still seen after it.

const STORAGE_KEY = 'mcp_companion.flash-warning'

export function keepWarningForNextLoad(text: string): void {
	window.sessionStorage.setItem(STORAGE_KEY, text)
}

/** Returns the warning kept before the last reload, once; later calls return null. */
export function takeWarningFromLastLoad(): string | null {
	const text = window.sessionStorage.getItem(STORAGE_KEY)
	window.sessionStorage.removeItem(STORAGE_KEY)
	return text
}

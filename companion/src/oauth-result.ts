// The outcome of signing in to the MCP server, which the server reports in the settings page's `mcp_oauth` parameter.

export type OAuthResult = 'connected' | 'error' | 'unavailable'

const PARAMETER = 'mcp_oauth'
const RESULTS: readonly string[] = ['connected', 'error', 'unavailable'] satisfies OAuthResult[]

/** Returns the outcome and removes the parameter from the address bar, so a reload does not show it again. */
export function takeOAuthResultFromAddress(): OAuthResult | null {
	const url = new URL(window.location.href)
	const value = url.searchParams.get(PARAMETER)
	if (value === null) {
		return null
	}
	url.searchParams.delete(PARAMETER)
	window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
	return isOAuthResult(value) ? value : null
}

function isOAuthResult(value: string): value is OAuthResult {
	return RESULTS.includes(value)
}

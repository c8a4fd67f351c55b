// The error page's initial state (`error`), as PageController::error provides it (strings already translated).
import { loadState } from '@nextcloud/initial-state'

export interface ErrorPageState {
	title: string
	details: string
	/** Administrators only see the MCP server's address. */
	show_server_url: boolean
	server_url: string
	help: string
	steps: string[]
}

/** Missing values read as empty: the page then shows what it has. */
export function loadErrorPageState(): ErrorPageState {
	const state = loadState<Partial<ErrorPageState>>('mcp_companion', 'error', {})
	const text = (value: unknown) => (typeof value === 'string' ? value : '')
	return {
		title: text(state.title),
		details: text(state.details),
		show_server_url: state.show_server_url === true,
		server_url: text(state.server_url),
		help: text(state.help),
		steps: Array.isArray(state.steps) ? state.steps.filter((step): step is string => typeof step === 'string') : [],
	}
}

// Reads a failed knowledge request: a sign-in the companion asks for (401 with login_url), or a message to show.
import { isAxiosError } from '@nextcloud/axios'
import { t } from '@nextcloud/l10n'

export type KnowledgeFailure = { kind: 'sign_in'; loginUrl: string } | { kind: 'error'; message: string }

/** Error bodies are error-response.json, `{error, message, request_id}`, from the companion and the MCP server alike; a sign-in adds `login_url`. */
export function readKnowledgeFailure(failure: unknown): KnowledgeFailure {
	if (!isAxiosError(failure)) {
		return { kind: 'error', message: t('mcp_companion', 'The request failed. Please try again later.') }
	}
	const status = failure.response?.status
	const body = readBody(failure.response?.data)
	if (status === 401 && body.login_url !== undefined) {
		return { kind: 'sign_in', loginUrl: body.login_url }
	}
	if (status === 429) {
		return { kind: 'error', message: t('mcp_companion', 'Too many searches. Please wait a minute and try again.') }
	}
	if (status === 502 || status === 503 || status === 504) {
		return { kind: 'error', message: t('mcp_companion', 'The MCP server cannot be reached. Please try again later.') }
	}
	if (body.message !== undefined) {
		return { kind: 'error', message: body.message }
	}
	return { kind: 'error', message: t('mcp_companion', 'The request failed. Please try again later.') }
}

/** The message to show for a failed knowledge request; null for a sign-in, which the page shows instead. */
export function readKnowledgeErrorMessage(failure: unknown): string | null {
	const reason = readKnowledgeFailure(failure)
	return reason.kind === 'error' ? reason.message : null
}

function readBody(data: unknown): { message?: string; login_url?: string } {
	if (typeof data !== 'object' || data === null) {
		return {}
	}
	const { message, login_url: loginUrl } = data as { message?: unknown; login_url?: unknown }
	return {
		...(typeof message === 'string' && message !== '' && { message: message.slice(0, 300) }),
		...(typeof loginUrl === 'string' && isSafeLink(loginUrl) && { login_url: loginUrl }),
	}
}

/** Only same-site paths or http(s) addresses become links; never `javascript:` or data URLs, nor a missing link. */
export function isSafeLink(link: string | null): link is string {
	if (link === null) {
		return false
	}
	if (link.startsWith('/') && !link.startsWith('//')) {
		return true
	}
	try {
		const protocol = new URL(link).protocol
		return protocol === 'https:' || protocol === 'http:'
	} catch {
		return false
	}
}

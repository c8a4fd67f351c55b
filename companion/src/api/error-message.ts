// Turns a failed request into the message the companion's PHP controllers meant the user to read: the `message` of
// error-response.json, the error shape the companion and the MCP server share (`error` is its code).
import { isAxiosError } from '@nextcloud/axios'
import { t } from '@nextcloud/l10n'

/** Reads `message` from an error body (see error-response.json), else a message for the status. */
export function readErrorMessage(error: unknown): string {
	if (isAxiosError(error)) {
		const body: unknown = error.response?.data
		if (isErrorResponse(body)) {
			return body.message
		}
		// Nextcloud's own rate limiter answers 429 without the companion's error body.
		if (error.response?.status === 429) {
			return t('mcp_companion', 'Too many attempts. Please try again later.')
		}
	}
	return t('mcp_companion', 'The request failed. Please try again later.')
}

/** Our error shape: a code and a message (Nextcloud's own answers, e.g. its rate limiter's, have no code). */
function isErrorResponse(body: unknown): body is { error: string; message: string } {
	if (typeof body !== 'object' || body === null) {
		return false
	}
	const { error, message } = body as { error?: unknown; message?: unknown }
	return typeof error === 'string' && typeof message === 'string'
}

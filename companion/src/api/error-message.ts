// Turns a failed request into the message the companion's PHP controllers meant the user to read.
import { isAxiosError } from '@nextcloud/axios'
import { t } from '@nextcloud/l10n'

/** Reads `error` from a companion error body (see error-response.json), else a message for the status. */
export function readErrorMessage(error: unknown): string {
	if (isAxiosError(error)) {
		const body: unknown = error.response?.data
		if (hasErrorText(body)) {
			return body.error
		}
		// Nextcloud's own rate limiter answers 429 without the companion's error body.
		if (error.response?.status === 429) {
			return t('mcp_companion', 'Too many attempts. Please try again later.')
		}
	}
	return t('mcp_companion', 'The request failed. Please try again later.')
}

function hasErrorText(body: unknown): body is { error: string } {
	return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
}

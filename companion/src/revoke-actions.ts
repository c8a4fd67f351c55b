// The personal page's two revokes, each as the revoke screen (components/personal/RevokeAccess.vue) runs and shows it.
import { t } from '@nextcloud/l10n'
import { revokeCredentials } from './api/knowledge-credentials'
import { revokeBackgroundAccess, type ClearedCredentials } from './api/server-session'
import { logger } from './logger'

/** What a revoke did: the success note (null when nothing was revoked) and a warning to show beside it. */
export interface RevokeOutcome {
	revoked: { heading: string | null; text: string; cleared: string[] } | null
	warning: string | null
}

export interface RevokeAction {
	/** Revokes; throws the server's refusal (an HTTP error answer, read by the revoke screen). */
	run: () => Promise<RevokeOutcome>
	logFailure: (failure: unknown) => void
}

/** The knowledge sync's credential the companion stores; a warning when the MCP server could not be told. */
export const revokeSyncCredential: RevokeAction = {
	run: async () => {
		const result = await revokeCredentials()
		const text = t('mcp_companion', 'The credential was removed. Background sync has stopped.')
		return {
			revoked: result.success ? { heading: null, text, cleared: [] } : null,
			warning: result.mcp_error ?? null,
		}
	},
	logFailure: (failure) => logger.warn('Could not revoke the knowledge sync credential', { error: failure }),
}

/** Every credential the MCP server keeps for working in the background, listed by what it cleared. */
export const revokeAllBackgroundAccess: RevokeAction = {
	run: async () => {
		const result = await revokeBackgroundAccess()
		const cleared = nameClearedCredentials(result.revoked.cleared)
		const text =
			cleared.length === 0
				? t('mcp_companion', 'The MCP server had nothing stored to clear.')
				: t('mcp_companion', 'The MCP server cleared:')
		return { revoked: { heading: t('mcp_companion', 'Background access was revoked.'), text, cleared }, warning: null }
	},
	logFailure: (failure) => logger.warn('Could not revoke the background access', { error: failure }),
}

function nameClearedCredentials(cleared: ClearedCredentials): string[] {
	const names: string[] = []
	if (cleared.app_password) {
		names.push(t('mcp_companion', 'App password'))
	}
	if (cleared.refresh_token) {
		names.push(t('mcp_companion', 'OAuth refresh token'))
	}
	if (cleared.token_cache) {
		names.push(t('mcp_companion', 'Cached access tokens'))
	}
	return names
}

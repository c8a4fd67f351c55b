// The personal page's two revokes, each as the revoke screen (components/personal/RevokeAccess.vue) runs and shows it.
import { t } from '@nextcloud/l10n'
import { revokeCredentials } from './api/knowledge-credentials'
import { revokeBackgroundAccess } from './api/server-session'
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

/**
 * Everything the MCP server keeps for working in the background (oauth and hybrid modes, signed in): it revokes the app
 * password at Nextcloud too (sidecar/src/api/session-routes.ts, app-password-revocation.ts), and says whether it could.
 */
export const revokeAllBackgroundAccess: RevokeAction = {
	run: async () => {
		const result = await revokeBackgroundAccess()
		const outcome = result.revoked.app_password_revocation
		const text =
			outcome === 'revoked' || outcome === 'already_invalid'
				? t('mcp_companion', 'Nextcloud deleted the app password the MCP server used.')
				: outcome === 'failed'
					? t(
							'mcp_companion',
							'Nextcloud could not be asked to delete the app password. Delete it in your security settings.',
						)
					: t('mcp_companion', 'The MCP server no longer works for you in the background.')
		return {
			revoked: { heading: t('mcp_companion', 'Background access was revoked.'), text, cleared: [] },
			warning: null,
		}
	},
	logFailure: (failure) => logger.warn('Could not revoke the background access', { error: failure }),
}

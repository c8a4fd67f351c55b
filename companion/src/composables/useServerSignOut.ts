// Signs the user out of the MCP server, with loading state and any error.
import { t } from '@nextcloud/l10n'
import { signOutOfServer, type SignOutResult } from '../api/server-session'
import { logger } from '../logger'
import { RefusedError, useAsyncState } from './useAsyncState'

export function useServerSignOut() {
	const {
		busy: signingOut,
		error,
		run,
	} = useAsyncState<SignOutResult>({
		logFailure: (failure) => logger.warn('Could not sign out of the MCP server', { error: failure }),
	})

	/** Returns whether the user is signed out. */
	async function signOut(): Promise<boolean> {
		const result = await run(async () => {
			const answer = await signOutOfServer()
			if (!answer.success) {
				throw new RefusedError(t('mcp_companion', 'Signing out of the MCP server failed. Please try again.'))
			}
			return answer
		})
		return result !== undefined
	}

	return { signingOut, error, signOut }
}

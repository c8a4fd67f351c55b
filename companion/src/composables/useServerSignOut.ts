// Signs the user out of the MCP server, with loading state and any error.
import { t } from '@nextcloud/l10n'
import { ref } from 'vue'
import { readErrorMessage } from '../api/error-message'
import { signOutOfServer } from '../api/server-session'
import { logger } from '../logger'

export function useServerSignOut() {
	const signingOut = ref(false)
	const error = ref<string | null>(null)

	/** Returns whether the user is signed out. */
	async function signOut(): Promise<boolean> {
		signingOut.value = true
		error.value = null
		try {
			const result = await signOutOfServer()
			if (!result.success) {
				error.value = t('mcp_companion', 'Signing out of the MCP server failed. Please try again.')
			}
			return result.success
		} catch (failure) {
			logger.warn('Could not sign out of the MCP server', { error: failure })
			error.value = readErrorMessage(failure)
			return false
		} finally {
			signingOut.value = false
		}
	}

	return { signingOut, error, signOut }
}

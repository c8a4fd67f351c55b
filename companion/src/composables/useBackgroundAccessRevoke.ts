// Revokes all background access the MCP server holds for the user, with loading state, what was cleared and any error.
import { ref } from 'vue'
import { readErrorMessage } from '../api/error-message'
import { revokeBackgroundAccess, type RevokedBackgroundAccess } from '../api/server-session'
import { logger } from '../logger'

export function useBackgroundAccessRevoke() {
	const revoking = ref(false)
	const revoked = ref<RevokedBackgroundAccess | null>(null)
	const error = ref<string | null>(null)

	/** Returns whether the MCP server revoked the access. */
	async function revoke(): Promise<boolean> {
		revoking.value = true
		revoked.value = null
		error.value = null
		try {
			revoked.value = (await revokeBackgroundAccess()).revoked
			return true
		} catch (failure) {
			logger.warn('Could not revoke the background access', { error: failure })
			error.value = readErrorMessage(failure)
			return false
		} finally {
			revoking.value = false
		}
	}

	return { revoking, revoked, error, revoke }
}

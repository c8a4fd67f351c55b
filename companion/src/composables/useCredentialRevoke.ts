// Revokes the user's background-sync credential, with loading state, the result and any error.
import { ref } from 'vue'
import { revokeCredentials, type RevokeCredentialsResult } from '../api/background-sync'
import { readErrorMessage } from '../api/error-message'
import { logger } from '../logger'

export function useCredentialRevoke() {
	const revoking = ref(false)
	const result = ref<RevokeCredentialsResult | null>(null)
	const error = ref<string | null>(null)

	/** Returns whether the credential is gone from Nextcloud (even if the MCP server could not be told). */
	async function revoke(): Promise<boolean> {
		revoking.value = true
		result.value = null
		error.value = null
		try {
			result.value = await revokeCredentials()
			return result.value.success
		} catch (failure) {
			logger.warn('Could not revoke the background sync credential', { error: failure })
			error.value = readErrorMessage(failure)
			return false
		} finally {
			revoking.value = false
		}
	}

	return { revoking, result, error, revoke }
}

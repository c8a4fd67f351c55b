// Loads the user's background-sync credential status, with loading and error state.
import { ref } from 'vue'
import { fetchCredentialStatus, type CredentialStatus } from '../api/background-sync'
import { readErrorMessage } from '../api/error-message'
import { logger } from '../logger'

export function useCredentialStatus() {
	const status = ref<CredentialStatus | null>(null)
	const loading = ref(false)
	const error = ref<string | null>(null)

	async function refresh(): Promise<void> {
		loading.value = true
		error.value = null
		try {
			status.value = await fetchCredentialStatus()
		} catch (failure) {
			logger.error('Could not load the background sync status', { error: failure })
			error.value = readErrorMessage(failure)
		} finally {
			loading.value = false
		}
	}

	return { status, loading, error, refresh }
}

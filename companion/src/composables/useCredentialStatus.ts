// Loads the user's background-sync credential status, with loading and error state.
import { fetchCredentialStatus, type CredentialStatus } from '../api/background-sync'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useCredentialStatus() {
	const {
		state: status,
		busy: loading,
		error,
		run,
	} = useAsyncState<CredentialStatus>({
		logFailure: (failure) => logger.error('Could not load the background sync status', { error: failure }),
	})

	async function refresh(): Promise<void> {
		await run(fetchCredentialStatus)
	}

	return { status, loading, error, refresh }
}

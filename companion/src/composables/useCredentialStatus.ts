// Loads the user's knowledge sync credential status, with loading and error state.
import { fetchCredentialStatus, type CredentialStatus } from '../api/knowledge-credentials'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useCredentialStatus() {
	const {
		state: status,
		busy: loading,
		error,
		run,
	} = useAsyncState<CredentialStatus>({
		logFailure: (failure) => logger.error('Could not load the knowledge sync credential status', { error: failure }),
	})

	async function refresh(): Promise<void> {
		await run(fetchCredentialStatus)
	}

	return { status, loading, error, refresh }
}

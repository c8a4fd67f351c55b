// Loads the user's sign-in state at the MCP server, with loading and error state.
import { computed } from 'vue'
import { fetchServerSession, type ServerSession, type ServerSessionState } from '../api/server-session'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useServerSession() {
	const {
		state,
		busy: loading,
		error,
		run,
	} = useAsyncState<ServerSessionState>({
		logFailure: (failure) => logger.error('Could not load the MCP server session', { error: failure }),
	})

	const session = computed<ServerSession | null>(() =>
		state.value && 'session' in state.value ? state.value.session : null,
	)
	/** Signed in, but the MCP server or the token refresh failed (or the sign-in just expired): what to show. */
	const sessionError = computed<string | null>(() =>
		state.value && 'message' in state.value ? state.value.message : null,
	)
	const isSignedOut = computed(() => state.value?.signed_in === false)

	async function refresh(): Promise<void> {
		await run(fetchServerSession)
	}

	return { state, session, sessionError, isSignedOut, loading, error, refresh }
}

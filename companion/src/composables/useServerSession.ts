// Loads the user's sign-in state at the MCP server, with loading and error state.
import { computed, ref } from 'vue'
import { readErrorMessage } from '../api/error-message'
import { fetchServerSession, type ServerSession, type ServerSessionState } from '../api/server-session'
import { logger } from '../logger'

export function useServerSession() {
	const state = ref<ServerSessionState | null>(null)
	const loading = ref(false)
	const error = ref<string | null>(null)

	const session = computed<ServerSession | null>(() =>
		state.value && 'session' in state.value ? state.value.session : null,
	)
	/** Signed in, but the MCP server or the token refresh failed (or the sign-in just expired): what to show. */
	const sessionError = computed<string | null>(() =>
		state.value && 'message' in state.value ? state.value.message : null,
	)
	const isSignedOut = computed(() => state.value?.signed_in === false)

	async function refresh(): Promise<void> {
		loading.value = true
		error.value = null
		try {
			state.value = await fetchServerSession()
		} catch (failure) {
			logger.error('Could not load the MCP server session', { error: failure })
			error.value = readErrorMessage(failure)
		} finally {
			loading.value = false
		}
	}

	return { state, session, sessionError, isSignedOut, loading, error, refresh }
}

// The MCP clients the user connected, and revoking one, with loading and error state.
import { fetchConnectedClients, revokeConnectedClient, type ConnectedClients } from '../api/connected-clients'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useConnectedClients() {
	const {
		state,
		busy: loading,
		error,
		run,
	} = useAsyncState<ConnectedClients>({
		logFailure: (failure) => logger.warn('Could not load the connected clients', { error: failure }),
	})
	const {
		busy: revoking,
		error: revokeError,
		run: runRevoke,
	} = useAsyncState<true>({
		logFailure: (failure) => logger.warn('Could not revoke a connected client', { error: failure }),
	})

	async function refresh(): Promise<void> {
		await run(fetchConnectedClients)
	}

	/** Revokes the client, then reloads the list either way (it may have gone already). */
	async function revoke(clientId: string): Promise<void> {
		await runRevoke(async () => {
			await revokeConnectedClient(clientId)
			return true
		})
		await refresh()
	}

	return { state, loading, error, refresh, revoking, revokeError, revoke }
}

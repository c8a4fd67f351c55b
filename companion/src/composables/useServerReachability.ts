// Whether the MCP server answers now and can ask Nextcloud for background access, loaded once per page.
import { fetchServerReachability, type ServerReachability } from '../api/background-access'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useServerReachability() {
	const {
		state,
		busy: loading,
		run,
	} = useAsyncState<ServerReachability>({
		logFailure: (failure) => logger.warn('Could not ask whether the MCP server answers', { error: failure }),
		describeFailure: () => null,
	})

	async function refresh(): Promise<void> {
		await run(fetchServerReachability)
	}

	return { server: state, loading, refresh }
}

// Asks the companion to reach the MCP server with an authenticated call and keeps what it reports, or the error.
import { testConnection, type ConnectionTestSuccess } from '../api/admin-settings'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useConnectionTest() {
	const {
		state: result,
		busy: testing,
		error,
		run: runTask,
	} = useAsyncState<ConnectionTestSuccess>({
		logFailure: (failure) => logger.warn('The connection test failed', { error: failure }),
		clearResult: 'on-start',
	})

	async function run(): Promise<void> {
		await runTask(() => testConnection())
	}

	return { testing, result, error, run }
}

// Asks the companion to reach the MCP server at the form's address with an authenticated call; keeps the report or error.
import { testConnection, type ConnectionTestInput, type ConnectionTestSuccess } from '../api/admin-settings'
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

	/** Tests the address and API key the form holds now, not the saved ones. */
	async function run(input: ConnectionTestInput): Promise<void> {
		await runTask(() => testConnection(input))
	}

	return { testing, result, error, run }
}

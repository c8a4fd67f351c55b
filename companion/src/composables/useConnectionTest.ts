// Asks the companion to reach the MCP server with an authenticated call and keeps what it reports, or the error.
import { ref } from 'vue'
import { testConnection, type ConnectionTestSuccess } from '../api/admin-settings'
import { readErrorMessage } from '../api/error-message'
import { logger } from '../logger'

export function useConnectionTest() {
	const testing = ref(false)
	const result = ref<ConnectionTestSuccess | null>(null)
	const error = ref<string | null>(null)

	async function run(): Promise<void> {
		testing.value = true
		result.value = null
		error.value = null
		try {
			result.value = await testConnection()
		} catch (failure) {
			logger.warn('The connection test failed', { error: failure })
			error.value = readErrorMessage(failure)
		} finally {
			testing.value = false
		}
	}

	return { testing, result, error, run }
}

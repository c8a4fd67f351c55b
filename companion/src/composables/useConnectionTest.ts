// Asks the companion to reach the MCP server and keeps the status it reports, or the error.
import { ref } from 'vue'
import { testConnection, type SidecarStatus } from '../api/admin-settings'
import { readErrorMessage } from '../api/error-message'
import { logger } from '../logger'

export function useConnectionTest() {
	const testing = ref(false)
	const status = ref<SidecarStatus | null>(null)
	const error = ref<string | null>(null)

	async function run(): Promise<void> {
		testing.value = true
		status.value = null
		error.value = null
		try {
			const result = await testConnection()
			if (result.success) {
				status.value = result.status
			} else {
				error.value = result.error
			}
		} catch (failure) {
			logger.warn('The connection test failed', { error: failure })
			error.value = readErrorMessage(failure)
		} finally {
			testing.value = false
		}
	}

	return { testing, status, error, run }
}

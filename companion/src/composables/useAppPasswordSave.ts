// Stores an app password; on success keeps any MCP server warning for after the reload, then reloads the page.
import { ref } from 'vue'
import { saveAppPassword } from '../api/background-sync'
import { readErrorMessage } from '../api/error-message'
import { keepWarningForNextLoad } from '../flash-warning'
import { logger } from '../logger'
import type { ReloadPage } from '../page-reload'

export function useAppPasswordSave(reloadPage: ReloadPage) {
	const saving = ref(false)
	const error = ref<string | null>(null)

	async function save(appPassword: string, loginName: string): Promise<void> {
		saving.value = true
		error.value = null
		try {
			const result = await saveAppPassword(appPassword, loginName)
			if (result.mcp_error) {
				keepWarningForNextLoad(result.mcp_error)
			}
			reloadPage()
		} catch (failure) {
			logger.warn('Could not save the app password', { error: failure })
			error.value = readErrorMessage(failure)
		} finally {
			saving.value = false
		}
	}

	return { saving, error, save }
}

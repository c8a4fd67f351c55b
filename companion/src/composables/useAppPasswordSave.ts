// Stores an app password; on success keeps any MCP server warning for after the reload, then reloads the page.
import { saveAppPassword, type StoreCredentialsResult } from '../api/knowledge-credentials'
import { keepWarningForNextLoad } from '../flash-warning'
import { logger } from '../logger'
import type { ReloadPage } from '../page-reload'
import { useAsyncState } from './useAsyncState'

export function useAppPasswordSave(reloadPage: ReloadPage) {
	const {
		busy: saving,
		error,
		run,
	} = useAsyncState<StoreCredentialsResult>({
		logFailure: (failure) => logger.warn('Could not save the app password', { error: failure }),
	})

	async function save(appPassword: string, loginName: string): Promise<void> {
		await run(async () => {
			const result = await saveAppPassword(appPassword, loginName)
			if (result.mcp_error) {
				keepWarningForNextLoad(result.mcp_error)
			}
			reloadPage()
			return result
		})
	}

	return { saving, error, save }
}

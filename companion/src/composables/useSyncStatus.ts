// Reads whether the MCP server is still indexing the user's content (documents queued), for the "sync running" note.
import { computed, ref } from 'vue'
import { fetchSyncStatus, type SyncStatus } from '../api/knowledge'
import { logger } from '../logger'

export function useSyncStatus() {
	const status = ref<SyncStatus | null>(null)

	const queued = computed(() => status.value?.queued ?? 0)
	const isSyncRunning = computed(() => queued.value > 0)

	/** A failure only hides the note: the search itself reports what is wrong. */
	async function refresh(): Promise<void> {
		try {
			status.value = await fetchSyncStatus()
		} catch (failure) {
			logger.info('Could not read the sync status', { error: failure })
			status.value = null
		}
	}

	return { status, queued, isSyncRunning, refresh }
}

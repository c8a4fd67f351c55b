// Loads the text before and after a search hit, for the chunk view.
import { ref } from 'vue'
import { fetchChunkContext, type ChunkContext, type SearchResult } from '../api/knowledge'
import { readKnowledgeFailure } from '../api/knowledge-error'
import { logger } from '../logger'

export function useChunkContext() {
	const context = ref<ChunkContext | null>(null)
	const loading = ref(false)
	const error = ref<string | null>(null)

	async function load(result: SearchResult): Promise<void> {
		loading.value = true
		error.value = null
		try {
			context.value = await fetchChunkContext(result)
		} catch (failure) {
			logger.error('Could not load the text around a hit', { error: failure })
			const reason = readKnowledgeFailure(failure)
			error.value = reason.kind === 'error' ? reason.message : null
			context.value = null
		} finally {
			loading.value = false
		}
	}

	return { context, loading, error, load }
}

// Loads the text before and after a search hit, for the chunk view.
import { fetchChunkContext, type ChunkContext, type SearchResult } from '../api/knowledge'
import { readKnowledgeErrorMessage } from '../api/knowledge-error'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useChunkContext() {
	const {
		state: context,
		busy: loading,
		error,
		run,
	} = useAsyncState<ChunkContext>({
		logFailure: (failure) => logger.error('Could not load the text around a hit', { error: failure }),
		describeFailure: readKnowledgeErrorMessage,
		clearResult: 'on-failure',
	})

	async function load(result: SearchResult): Promise<void> {
		await run(() => fetchChunkContext(result))
	}

	return { context, loading, error, load }
}

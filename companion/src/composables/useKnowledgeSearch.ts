// Runs searches against the companion's search route, with loading, error and sign-in state.
import { ref } from 'vue'
import { searchKnowledge, type SearchAnswer, type SearchRequest } from '../api/knowledge'
import { readKnowledgeFailure } from '../api/knowledge-error'
import { logger } from '../logger'

export function useKnowledgeSearch() {
	const answer = ref<SearchAnswer | null>(null)
	/** The query of the answer shown, for highlighting. */
	const answeredQuery = ref('')
	const loading = ref(false)
	const error = ref<string | null>(null)
	const loginUrl = ref<string | null>(null)
	let latest = 0

	/** Only the newest search's answer is kept when several overlap. */
	async function search(request: SearchRequest): Promise<void> {
		const ticket = ++latest
		loading.value = true
		error.value = null
		try {
			const result = await searchKnowledge(request)
			if (ticket === latest) {
				answer.value = result
				answeredQuery.value = request.query
				loginUrl.value = null
			}
		} catch (failure) {
			if (ticket !== latest) {
				return
			}
			const reason = readKnowledgeFailure(failure)
			if (reason.kind === 'sign_in') {
				loginUrl.value = reason.loginUrl
			} else {
				logger.error('The search failed', { error: failure })
				error.value = reason.message
			}
			answer.value = null
		} finally {
			if (ticket === latest) {
				loading.value = false
			}
		}
	}

	return { answer, answeredQuery, loading, error, loginUrl, search }
}

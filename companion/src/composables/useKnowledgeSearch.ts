// Runs searches against the companion's search route, with loading, error and sign-in state.
import { computed, ref } from 'vue'
import { searchKnowledge, type SearchAnswer, type SearchRequest } from '../api/knowledge'
import { readKnowledgeErrorMessage, readKnowledgeFailure } from '../api/knowledge-error'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

/** What a search comes back with: an answer, or the address where the user signs in to the MCP server first. */
type SearchOutcome = { kind: 'answer'; answer: SearchAnswer } | { kind: 'sign_in'; loginUrl: string }

export function useKnowledgeSearch() {
	const {
		state: outcome,
		busy: loading,
		error,
		run,
	} = useAsyncState<SearchOutcome>({
		logFailure: (failure) => logger.error('The search failed', { error: failure }),
		describeFailure: readKnowledgeErrorMessage,
		clearResult: 'on-failure',
		newestOnly: true,
	})
	/** The query of the answer shown, for highlighting. */
	const answeredQuery = ref('')

	const answer = computed(() => (outcome.value?.kind === 'answer' ? outcome.value.answer : null))
	const loginUrl = computed(() => (outcome.value?.kind === 'sign_in' ? outcome.value.loginUrl : null))

	/** Only the newest search's answer is kept when several overlap. */
	async function search(request: SearchRequest): Promise<void> {
		const result = await run(() => searchOrAskToSignIn(request))
		if (result?.kind === 'answer') {
			answeredQuery.value = request.query
		}
	}

	return { answer, answeredQuery, loading, error, loginUrl, search }
}

/** A 401 that names a login address is not a failure: the page asks the user to sign in. */
async function searchOrAskToSignIn(request: SearchRequest): Promise<SearchOutcome> {
	try {
		return { kind: 'answer', answer: await searchKnowledge(request) }
	} catch (failure) {
		const reason = readKnowledgeFailure(failure)
		if (reason.kind === 'sign_in') {
			return { kind: 'sign_in', loginUrl: reason.loginUrl }
		}
		throw failure
	}
}

// The one loading/error state machine of the composables: the last result of a request, whether one runs, its error.
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import { readErrorMessage } from '../api/error-message'

/** Thrown by a task when the server answered but refused; its message is shown as it is and is not logged. */
export class RefusedError extends Error {}

export interface AsyncStateOptions {
	/** Logs a failure the task threw (a refusal is not logged); called before the message is shown. */
	logFailure: (failure: unknown) => void
	/** The message shown for a thrown failure: readErrorMessage by default; null shows none. */
	describeFailure?: (failure: unknown) => string | null
	/** What a run does to the last result: keeps it (the default), clears it when it starts, or when it fails. */
	clearResult?: 'never' | 'on-start' | 'on-failure'
	/**
	 * For runs that can overlap (searches, page loads): only the newest run counts, and an older one that ends later
	 * changes neither the result nor the error, and does not end `busy`.
	 */
	newestOnly?: boolean
}

export interface AsyncState<T> {
	/** The result of the last run that succeeded (see `clearResult`), null before the first. */
	state: ShallowRef<T | null>
	busy: Ref<boolean>
	/** The message of the last run's failure, null while a run is busy or when it succeeded. */
	error: Ref<string | null>
	/** Runs the task; resolves to its result once it is `state`, or undefined when it failed or a newer run took over. */
	run: (task: () => Promise<T>) => Promise<T | undefined>
}

export function useAsyncState<T>(options: AsyncStateOptions): AsyncState<T> {
	const state = shallowRef<T | null>(null)
	const busy = ref(false)
	const error = ref<string | null>(null)
	let newestTicket = 0

	const isCurrent = (ticket: number): boolean => !options.newestOnly || ticket === newestTicket

	async function run(task: () => Promise<T>): Promise<T | undefined> {
		const ticket = ++newestTicket
		busy.value = true
		error.value = null
		if (options.clearResult === 'on-start') {
			state.value = null
		}
		try {
			const result = await task()
			if (!isCurrent(ticket)) {
				return undefined
			}
			state.value = result
			return result
		} catch (failure) {
			if (isCurrent(ticket)) {
				error.value = describeFailure(failure, options)
				if (options.clearResult === 'on-failure') {
					state.value = null
				}
			}
			return undefined
		} finally {
			if (isCurrent(ticket)) {
				busy.value = false
			}
		}
	}

	return { state, busy, error, run }
}

function describeFailure(failure: unknown, options: AsyncStateOptions): string | null {
	if (failure instanceof RefusedError) {
		return failure.message
	}
	options.logFailure(failure)
	return (options.describeFailure ?? readErrorMessage)(failure)
}

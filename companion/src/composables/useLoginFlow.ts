// "Allow background access": opens Nextcloud's grant page from the user's click (so pop-up blockers let it through),
// has the MCP server start Nextcloud's Login Flow v2, and polls until access is granted, the flow expires or fails.
import { t } from '@nextcloud/l10n'
import { onBeforeUnmount, ref } from 'vue'
import { pollLoginFlow, startLoginFlow, type LoginFlowPoll } from '../api/background-access'
import { readErrorMessage } from '../api/error-message'
import { logger } from '../logger'

/** How often the companion asks; the MCP server asks Nextcloud at most once a second per flow. */
export const LOGIN_FLOW_POLL_INTERVAL_MS = 2000

/** idle: nothing runs; starting: asking the MCP server; waiting: the user is on Nextcloud's grant page. */
export type LoginFlowPhase = 'idle' | 'starting' | 'waiting'

export type GrantedLoginFlow = Extract<LoginFlowPoll, { status: 'granted' }>

export function useLoginFlow(onGranted: (granted: GrantedLoginFlow) => void) {
	const phase = ref<LoginFlowPhase>('idle')
	/** Nextcloud's grant page, shown as a link too (a blocked pop-up, a closed tab). */
	const loginUrl = ref<string | null>(null)
	const error = ref<string | null>(null)
	let grantWindow: Window | null = null
	let timer: ReturnType<typeof setTimeout> | undefined

	/** Call from the click handler itself: the window must open within the user's gesture. */
	async function allow(): Promise<void> {
		stop()
		error.value = null
		grantWindow = window.open('', '_blank')
		phase.value = 'starting'
		try {
			const started = await startLoginFlow()
			loginUrl.value = started.login_url
			// The opener stays: the grant page is Nextcloud's own (the same site as this page), and Chromium lets a
			// script close a window it opened only while that window still knows its opener.
			if (grantWindow) {
				grantWindow.location.href = started.login_url
			}
			phase.value = 'waiting'
			schedulePoll(started.flow_id, Date.parse(started.expires_at))
		} catch (failure) {
			fail(failure)
		}
	}

	function schedulePoll(flowId: string, expiresAtMs: number): void {
		timer = setTimeout(() => void pollOnce(flowId, expiresAtMs), LOGIN_FLOW_POLL_INTERVAL_MS)
	}

	async function pollOnce(flowId: string, expiresAtMs: number): Promise<void> {
		if (phase.value !== 'waiting') {
			return
		}
		try {
			const answer = await pollLoginFlow(flowId)
			if (phase.value !== 'waiting') {
				return
			}
			if (answer.status === 'granted') {
				stop()
				onGranted(answer)
			} else if (answer.status === 'expired' || Date.now() > expiresAtMs) {
				stop()
				error.value = t('mcp_companion', 'The time to allow access ran out. Please start again.')
			} else {
				schedulePoll(flowId, expiresAtMs)
			}
		} catch (failure) {
			fail(failure)
		}
	}

	function fail(failure: unknown): void {
		logger.warn('Allowing background access failed', { error: failure })
		stop()
		error.value = readErrorMessage(failure)
	}

	/** Stops polling and closes the grant page this page opened. */
	function stop(): void {
		clearTimeout(timer)
		grantWindow?.close()
		grantWindow = null
		loginUrl.value = null
		phase.value = 'idle'
	}

	onBeforeUnmount(() => clearTimeout(timer))

	return { phase, loginUrl, error, allow, cancel: stop }
}

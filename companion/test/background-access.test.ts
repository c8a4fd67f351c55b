// Personal settings with a server that signs users in through Nextcloud (oauth, hybrid): signing in first, the one
// "Allow background access" button (Login Flow v2 in a window opened from the click), the collapse after the grant,
// revoking everything, the connected AI assistants, and the note after returning from the sign-in.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import activeStatus from '../../test/contract/background-sync-status-active.json'
import noneStatus from '../../test/contract/background-sync-status-none.json'
import serverAnswers from '../../test/contract/background-sync-server.json'
import errorResponse from '../../test/contract/error-response.json'
import granted from '../../test/contract/login-flow-granted.json'
import pending from '../../test/contract/login-flow-pending.json'
import startedFixture from '../../test/contract/login-flow-started.json'
import revokeSuccess from '../../test/contract/oauth-revoke.json'
import signedIn from '../../test/contract/oauth-session-signed-in.json'
import signedOut from '../../test/contract/oauth-session-signed-out.json'
import clientList from '../../test/contract/session-clients.json'
import revokedClient from '../../test/contract/session-client-revoked.json'
import PersonalSettings from '../src/components/personal/PersonalSettings.vue'
import { LOGIN_FLOW_POLL_INTERVAL_MS } from '../src/composables/useLoginFlow'
import { reloadPageKey } from '../src/page-reload'
import { startFakeServer, type FakeServer } from './fake-server'
import { findInDocument, resetPageShell, setInitialState, setPageQuery } from './page-shell'

/** The fixture's flow, expiring 20 minutes from now (as Nextcloud's do), whenever the test runs. */
const started = { ...startedFixture, expires_at: new Date(Date.now() + 20 * 60_000).toISOString() }

const notGranted = {
	...signedIn,
	session: {
		...signedIn.session,
		background_access: { granted: false, credential_type: null, since: null, scopes: [] },
	},
}

let server: FakeServer
let wrapper: VueWrapper | undefined
let grantWindow: { opener: unknown; location: { href: string }; close: ReturnType<typeof vi.fn> }
let openWindow: ReturnType<typeof vi.spyOn>

beforeEach(() => {
	resetPageShell()
	setInitialState('personal-settings', {
		user_id: 'alice',
		security_settings_url: '/index.php/settings/user/security',
		server_configured: true,
		oauth_available: true,
	})
	server = startFakeServer()
	server.answer('GET', 'background-sync/server', 200, serverAnswers)
	server.answer('GET', 'background-sync/status', 200, noneStatus)
	server.answer('GET', 'session', 200, notGranted)
	server.answer('GET', 'session/clients', 200, clientList)
	grantWindow = { opener: window, location: { href: '' }, close: vi.fn() }
	openWindow = vi.spyOn(window, 'open').mockImplementation(() => grantWindow as unknown as Window)
})

afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
	vi.useRealTimers()
	vi.restoreAllMocks()
})

async function mountPage(): Promise<VueWrapper> {
	wrapper = mount(PersonalSettings, { attachTo: document.body, global: { provide: { [reloadPageKey]: () => {} } } })
	await flushPromises()
	return wrapper
}

describe('allowing background access', () => {
	it('asks to sign in first when signed out, with no button that cannot work', async () => {
		server.answer('GET', 'session', 200, signedOut)

		const page = await mountPage()

		const signIn = page.find('[data-test="oauth-sign-in"]')
		expect(signIn.element.tagName).toBe('A')
		expect(signIn.attributes('href')).toBe('/index.php/apps/mcp_companion/oauth/login')
		expect(page.find('[data-test="allow-background-access"]').exists()).toBe(false)
		expect(page.find('[data-test="connected-clients"]').exists()).toBe(false)
	})

	it('opens a window within the click, sends it to Nextcloud’s grant page and says what to do there', async () => {
		server.answer('POST', 'background-sync/login-flow', 200, started)
		server.answer('POST', 'background-sync/login-flow/poll', 200, pending)
		const page = await mountPage()

		await page.find('[data-test="allow-background-access"]').trigger('click')
		const openedWithinClick = openWindow.mock.calls.length
		await flushPromises()

		expect(openedWithinClick).toBe(1)
		expect(grantWindow.location.href).toBe(started.login_url)
		expect(page.find('[data-test="allow-waiting"]').text()).toContain('Nextcloud opened in a new tab')
		expect(page.find('[data-test="allow-open-again"]').attributes('href')).toBe(started.login_url)
	})

	it('polls until Nextcloud granted access, then closes the window and collapses to Active with Replace', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		server.answer('POST', 'background-sync/login-flow', 200, started)
		server.answer('POST', 'background-sync/login-flow/poll', 200, pending)
		const page = await mountPage()
		await page.find('[data-test="allow-background-access"]').trigger('click')
		await flushPromises()
		await vi.advanceTimersByTimeAsync(LOGIN_FLOW_POLL_INTERVAL_MS)
		server.answer('POST', 'background-sync/login-flow/poll', 200, granted)
		server.answer('GET', 'background-sync/status', 200, activeStatus)
		server.answer('GET', 'session', 200, signedIn)

		await vi.advanceTimersByTimeAsync(LOGIN_FLOW_POLL_INTERVAL_MS)
		await flushPromises()

		expect(server.requestsTo('POST', 'background-sync/login-flow/poll').map((r) => r.body)).toEqual([
			{ flowId: started.flow_id },
			{ flowId: started.flow_id },
		])
		expect(grantWindow.close).toHaveBeenCalled()
		expect(page.find('[data-test="status-badge"]').text()).toBe('Active')
		expect(page.find('[data-test="allow-background-access"]').exists()).toBe(false)
		expect(page.find('[data-test="app-password-input"]').exists()).toBe(false)
		expect(page.find('[data-test="replace"]').exists()).toBe(true)
	})

	it('offers the link when the browser blocked the window, and keeps waiting', async () => {
		openWindow.mockImplementation(() => null)
		server.answer('POST', 'background-sync/login-flow', 200, started)
		const page = await mountPage()

		await page.find('[data-test="allow-background-access"]').trigger('click')
		await flushPromises()

		expect(page.find('[data-test="allow-open-again"]').attributes('href')).toBe(started.login_url)
		expect(page.find('[data-test="allow-error"]').exists()).toBe(false)
	})

	it('closes the window and shows the server’s message when the start is refused', async () => {
		server.answer('POST', 'background-sync/login-flow', 502, errorResponse)
		const page = await mountPage()

		await page.find('[data-test="allow-background-access"]').trigger('click')
		await flushPromises()

		expect(grantWindow.close).toHaveBeenCalled()
		expect(page.find('[data-test="allow-error"]').text()).toBe(errorResponse.message)
		expect(page.find('[data-test="allow-waiting"]').exists()).toBe(false)
	})

	it('says the time ran out when the flow expired', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		server.answer('POST', 'background-sync/login-flow', 200, started)
		server.answer('POST', 'background-sync/login-flow/poll', 200, { status: 'expired' })
		const page = await mountPage()
		await page.find('[data-test="allow-background-access"]').trigger('click')
		await flushPromises()

		await vi.advanceTimersByTimeAsync(LOGIN_FLOW_POLL_INTERVAL_MS)
		await flushPromises()

		expect(page.find('[data-test="allow-error"]').text()).toContain('ran out')
		expect(page.find('[data-test="allow-background-access"]').attributes('disabled')).toBeUndefined()
	})

	it('keeps pasting an app password under Other ways', async () => {
		const page = await mountPage()
		const before = page.find('[data-test="app-password-input"]').exists()

		await page.find('[data-test="other-ways"]').trigger('click')

		expect(before).toBe(false)
		expect(page.find('[data-test="app-password-input"]').exists()).toBe(true)
	})
})

describe('revoking background access while signed in', () => {
	it('explains that Nextcloud deletes the app password, revokes everything and says what Nextcloud did', async () => {
		server.answer('GET', 'session', 200, signedIn)
		server.answer('GET', 'background-sync/status', 200, activeStatus)
		server.answer('POST', 'session/revoke', 200, revokeSuccess)
		const page = await mountPage()
		await page.find('[data-test="revoke"]').trigger('click')
		await flushPromises()
		const explanation = document.body.textContent
		server.answer('GET', 'background-sync/status', 200, noneStatus)
		server.answer('GET', 'session', 200, notGranted)

		findInDocument('revoke-confirm')?.click()
		await flushPromises()

		expect(explanation).toContain('Nextcloud deletes the app password it used')
		expect(server.requestsTo('POST', 'session/revoke')).toHaveLength(1)
		expect(server.requestsTo('DELETE', 'background-sync/credentials')).toHaveLength(0)
		expect(page.find('[data-test="revoke-result"]').text()).toContain('Nextcloud deleted the app password')
		expect(page.find('[data-test="status-badge"]').text()).toBe('Not allowed')
	})
})

describe('connected AI assistants', () => {
	it('lists each with its name, since when, when last used and what it may do in words', async () => {
		const page = await mountPage()

		const [client] = page.findAll('[data-test="client"]')
		expect(client!.find('[data-test="client-name"]').text()).toBe('Claude')
		expect(client!.text()).toContain('Connected Nov')
		expect(client!.find('[data-test="client-last-used"]').text()).toMatch(/^Last used .*2026/)
		expect(client!.find('[data-test="client-scopes"]').text()).toContain('Search the knowledge index of your documents')
		expect(client!.find('[data-test="client-scopes"]').text()).not.toContain('knowledge:read')
	})

	it('says Not used yet for a client without a last use', async () => {
		const unused = { ...clientList.clients[0]!, last_used: null }
		server.answer('GET', 'session/clients', 200, { ...clientList, clients: [unused] })

		const page = await mountPage()

		expect(page.find('[data-test="client-last-used"]').text()).toBe('Not used yet')
	})

	it('is hidden when Nextcloud signs the clients in', async () => {
		server.answer('GET', 'session/clients', 200, { authorization_server: 'nextcloud', clients: [] })

		const page = await mountPage()

		expect(page.find('[data-test="connected-clients"]').exists()).toBe(false)
	})

	it('disconnects one after confirmation and loads the list again', async () => {
		server.answer('POST', 'session/clients/revoke', 200, revokedClient)
		const page = await mountPage()
		await page.find('[data-test="client-revoke"]').trigger('click')
		await flushPromises()
		const title = document.querySelector('.modal-container h2, [role="dialog"] h2')?.textContent
		server.answer('GET', 'session/clients', 200, { ...clientList, clients: [] })

		findInDocument('client-revoke-confirm')?.click()
		await flushPromises()

		expect(title).toContain('Disconnect Claude?')
		expect(server.requestsTo('POST', 'session/clients/revoke').map((r) => r.body)).toEqual([
			{ clientId: clientList.clients[0]!.client_id },
		])
		expect(page.find('[data-test="clients-none"]').text()).toBe('No AI assistant is connected.')
	})

	it('sends nothing when the dialog is cancelled', async () => {
		const page = await mountPage()
		await page.find('[data-test="client-revoke"]').trigger('click')
		await flushPromises()

		findInDocument('client-revoke-cancel')?.click()
		await flushPromises()

		expect(server.requestsTo('POST', 'session/clients/revoke')).toHaveLength(0)
		expect(findInDocument('client-revoke-confirm')).toBeNull()
	})
})

describe('returning from the sign-in', () => {
	it.each([
		['connected', 'You are signed in to the MCP server.', 'success'],
		['error', 'Signing in to the MCP server failed. Please try again.', 'error'],
		['unavailable', 'Signing in to the MCP server is not available.', 'info'],
	])('shows the %s note and removes mcp_oauth from the address', async (result, text, noteType) => {
		setPageQuery(`?section=mcp&mcp_oauth=${result}`)

		const page = await mountPage()

		const note = page.find('[data-test="oauth-result"]')
		expect(note.text()).toContain(text)
		expect(note.classes().join(' ')).toContain(noteType)
		expect(window.location.search).toBe('?section=mcp')
	})
})

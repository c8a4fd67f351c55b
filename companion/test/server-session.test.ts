// Personal settings page, MCP server sign-in: the session, signing in and out, revoking background access.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import activeStatus from '../../test/contract/background-sync-status-active.json'
import noneStatus from '../../test/contract/background-sync-status-none.json'
import errorResponse from '../../test/contract/error-response.json'
import logoutSuccess from '../../test/contract/oauth-logout.json'
import revokeSuccess from '../../test/contract/oauth-revoke.json'
import sessionError from '../../test/contract/oauth-session-error.json'
import signedIn from '../../test/contract/oauth-session-signed-in.json'
import signedOut from '../../test/contract/oauth-session-signed-out.json'
import sessionDisabled from '../../test/contract/sidecar-session-disabled.json'
import sessionRefreshToken from '../../test/contract/sidecar-session-refresh-token.json'
import PersonalSettings from '../src/components/personal/PersonalSettings.vue'
import { reloadPageKey } from '../src/page-reload'
import { startFakeServer, type FakeServer } from './fake-server'
import { findInDocument, resetPageShell, setInitialState, setPageQuery } from './page-shell'

const PERSONAL_SETTINGS = {
	user_id: 'alice',
	security_settings_url: '/index.php/settings/user/security',
	server_configured: true,
	oauth_available: true,
}

let server: FakeServer
let wrapper: VueWrapper | undefined

beforeEach(() => {
	resetPageShell()
	server = startFakeServer()
	server.answer('GET', 'background-sync/status', 200, activeStatus)
})

afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
})

async function mountPage(settings: object = PERSONAL_SETTINGS): Promise<VueWrapper> {
	setInitialState('personal-settings', settings)
	wrapper = mount(PersonalSettings, { attachTo: document.body, global: { provide: { [reloadPageKey]: () => {} } } })
	await flushPromises()
	return wrapper
}

async function openRevokeDialog(page: VueWrapper): Promise<void> {
	await page.find('[data-test="session-revoke"]').trigger('click')
	await flushPromises()
}

describe('signing in', () => {
	it('links to the sign-in route when signed out, without sign-out or revoke buttons', async () => {
		server.answer('GET', 'session', 200, signedOut)

		const page = await mountPage()

		const signIn = page.find('[data-test="oauth-sign-in"]')
		expect(signIn.element.tagName).toBe('A')
		expect(signIn.attributes('href')).toBe('/index.php/apps/mcp_companion/oauth/login')
		expect(signIn.text()).toBe('Sign in to the MCP server')
		expect(page.find('[data-test="oauth-sign-out"]').exists()).toBe(false)
		expect(page.find('[data-test="session-revoke"]').exists()).toBe(false)
	})

	it.each([
		['oauth_available is false', { ...PERSONAL_SETTINGS, oauth_available: false }],
		['oauth_available is missing', { user_id: 'alice', security_settings_url: '/s', server_configured: true }],
	])('says an administrator must configure the OAuth client, with no sign-in link, when %s', async (_case, state) => {
		server.answer('GET', 'session', 200, signedOut)

		const page = await mountPage(state)

		expect(page.find('[data-test="oauth-unavailable"]').text()).toContain(
			'An administrator must first configure the OAuth client ID',
		)
		expect(page.find('[data-test="oauth-sign-in"]').exists()).toBe(false)
		expect(server.requestsTo('GET', 'session')).toHaveLength(0)
	})

	it('offers no such note when OAuth is available', async () => {
		server.answer('GET', 'session', 200, signedOut)

		const page = await mountPage()

		expect(page.find('[data-test="oauth-unavailable"]').exists()).toBe(false)
	})
})

describe('the session', () => {
	it('shows granted background access by app password, since when, and no scopes when there are none', async () => {
		server.answer('GET', 'session', 200, signedIn)

		const page = await mountPage()

		expect(page.find('[data-test="session-granted"]').text()).toBe('Granted')
		expect(page.find('[data-test="session-credential"]').text()).toBe('App password')
		const since = page.find('[data-test="session-since"]')
		expect(since.element.tagName).toBe('TIME')
		expect(since.attributes('datetime')).toBe(signedIn.session.background_access.since)
		expect(since.text()).toContain('2026')
		expect(since.text()).not.toBe(signedIn.session.background_access.since)
		expect(page.find('[data-test="session-scopes"]').exists()).toBe(false)
		expect(page.find('[data-test="session-user"]').text()).toBe('Signed in as alice')
		expect(page.find('[data-test="session-offline-disabled"]').exists()).toBe(false)
		expect(page.find('[data-test="oauth-sign-in"]').exists()).toBe(false)
		expect(page.find('[data-test="oauth-sign-out"]').exists()).toBe(true)
		expect(page.find('[data-test="session-revoke"]').exists()).toBe(true)
	})

	it('shows background access by OAuth refresh token with its scopes', async () => {
		server.answer('GET', 'session', 200, { signed_in: true, session: sessionRefreshToken })

		const page = await mountPage()

		expect(page.find('[data-test="session-credential"]').text()).toBe('OAuth refresh token')
		expect(page.find('[data-test="session-scopes"]').text()).toBe('openid, offline_access')
	})

	it('says the server runs no background operations, and hides the credential and time when none is granted', async () => {
		server.answer('GET', 'session', 200, { signed_in: true, session: sessionDisabled })

		const page = await mountPage()

		expect(page.find('[data-test="session-offline-disabled"]').text()).toContain('does not run background operations')
		expect(page.find('[data-test="session-granted"]').text()).toBe('Not granted')
		expect(page.find('[data-test="session-credential"]').exists()).toBe(false)
		expect(page.find('[data-test="session-since"]').exists()).toBe(false)
		expect(page.find('[data-test="session-scopes"]').exists()).toBe(false)
	})

	it('shows the error and the sign-in link again when the session cannot be read', async () => {
		server.answer('GET', 'session', 200, sessionError)

		const page = await mountPage()

		expect(page.find('[data-test="session-error"]').text()).toBe(sessionError.message)
		expect(page.find('[data-test="oauth-sign-in"]').attributes('href')).toBe(
			'/index.php/apps/mcp_companion/oauth/login',
		)
		expect(page.find('[data-test="session-granted"]').exists()).toBe(false)
		expect(page.find('[data-test="oauth-sign-out"]').exists()).toBe(false)
	})

	it('shows the server error when the session route fails', async () => {
		server.answer('GET', 'session', 500, errorResponse)

		const page = await mountPage()

		expect(page.find('[data-test="session-load-error"]').text()).toBe(errorResponse.message)
	})
})

describe('signing out', () => {
	beforeEach(() => {
		server.answer('GET', 'session', 200, signedIn)
	})

	it('posts to the logout route, then loads the session again and offers to sign in', async () => {
		server.answer('POST', 'oauth/logout', 200, logoutSuccess)
		const page = await mountPage()
		server.answer('GET', 'session', 200, signedOut)

		await page.find('[data-test="oauth-sign-out"]').trigger('click')
		await flushPromises()

		expect(server.requestsTo('POST', 'oauth/logout')).toHaveLength(1)
		expect(server.requestsTo('GET', 'session')).toHaveLength(2)
		expect(page.find('[data-test="oauth-sign-in"]').exists()).toBe(true)
		expect(page.find('[data-test="session-granted"]').exists()).toBe(false)
	})

	it('shows the error and keeps the session when signing out fails', async () => {
		server.answer('POST', 'oauth/logout', 500, errorResponse)
		const page = await mountPage()

		await page.find('[data-test="oauth-sign-out"]').trigger('click')
		await flushPromises()

		expect(page.find('[data-test="oauth-sign-out-error"]').text()).toBe(errorResponse.message)
		expect(page.find('[data-test="session-granted"]').text()).toBe('Granted')
		expect(server.requestsTo('GET', 'session')).toHaveLength(1)
	})
})

describe('revoking background access', () => {
	beforeEach(() => {
		server.answer('GET', 'session', 200, signedIn)
	})

	it('asks for confirmation and sends nothing before it is given', async () => {
		const page = await mountPage()

		await openRevokeDialog(page)

		expect(findInDocument('session-revoke-confirm')).not.toBeNull()
		expect(document.body.textContent).toContain('Revoke all background access?')
		expect(server.requestsTo('POST', 'session/revoke')).toHaveLength(0)
	})

	it('posts after confirming, lists what was cleared and reloads the session and the background sync status', async () => {
		server.answer('POST', 'session/revoke', 200, revokeSuccess)
		const page = await mountPage()
		await openRevokeDialog(page)
		server.answer('GET', 'background-sync/status', 200, noneStatus)
		server.answer('GET', 'session', 200, { signed_in: true, session: sessionDisabled })

		findInDocument('session-revoke-confirm')?.click()
		await flushPromises()

		expect(server.requestsTo('POST', 'session/revoke')).toHaveLength(1)
		expect(page.findAll('[data-test="session-revoke-cleared"]').map((item) => item.text())).toEqual([
			'App password',
			'Cached access tokens',
		])
		expect(page.find('[data-test="session-revoke-result"]').text()).toContain('Background access was revoked.')
		expect(server.requestsTo('GET', 'background-sync/status')).toHaveLength(2)
		expect(page.find('[data-test="status-badge"]').text()).toBe('Not configured')
		expect(page.find('[data-test="session-granted"]').text()).toBe('Not granted')
	})

	it('says the MCP server had nothing to clear when it held no credential', async () => {
		const cleared = { app_password: false, refresh_token: false, token_cache: false }
		server.answer('POST', 'session/revoke', 200, { ...revokeSuccess, revoked: { ...revokeSuccess.revoked, cleared } })
		const page = await mountPage()
		await openRevokeDialog(page)

		findInDocument('session-revoke-confirm')?.click()
		await flushPromises()

		expect(page.find('[data-test="session-revoke-result"]').text()).toContain(
			'The MCP server had nothing stored to clear.',
		)
		expect(page.findAll('[data-test="session-revoke-cleared"]')).toHaveLength(0)
	})

	it('sends nothing when the dialog is cancelled', async () => {
		const page = await mountPage()
		await openRevokeDialog(page)

		findInDocument('session-revoke-cancel')?.click()
		await flushPromises()

		expect(server.requestsTo('POST', 'session/revoke')).toHaveLength(0)
		expect(findInDocument('session-revoke-confirm')).toBeNull()
		expect(page.find('[data-test="session-revoke-result"]').exists()).toBe(false)
	})

	it.each([
		['HTTP 403 with an error response', 403],
		['HTTP 502 with an error response', 502],
	])('shows the error and reloads nothing when revoking fails (%s)', async (_case, status) => {
		server.answer('POST', 'session/revoke', status, errorResponse)
		const page = await mountPage()
		await openRevokeDialog(page)

		findInDocument('session-revoke-confirm')?.click()
		await flushPromises()

		expect(page.find('[data-test="session-revoke-error"]').text()).toBe(errorResponse.message)
		expect(page.find('[data-test="session-revoke-result"]').exists()).toBe(false)
		expect(server.requestsTo('GET', 'background-sync/status')).toHaveLength(1)
		expect(page.find('[data-test="status-badge"]').text()).toBe('Active')
	})
})

describe('returning from the identity provider', () => {
	beforeEach(() => {
		server.answer('GET', 'session', 200, signedIn)
	})

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
		expect(window.location.pathname).toBe('/index.php/settings/user/mcp_companion')
		expect(window.location.search).toBe('?section=mcp')
	})

	it('shows the note only once: a reload of the cleaned address has none', async () => {
		setPageQuery('?mcp_oauth=connected')
		const first = await mountPage()
		first.unmount()
		wrapper = undefined

		const reloaded = await mountPage()

		expect(reloaded.find('[data-test="oauth-result"]').exists()).toBe(false)
		expect(window.location.search).toBe('')
	})

	it('shows no note without the parameter', async () => {
		const page = await mountPage()

		expect(page.find('[data-test="oauth-result"]').exists()).toBe(false)
	})
})

// Personal settings page with a server that cannot run Login Flow v2 (basic modes): the connection card's status, the
// app password form, Replace, revoking, and the card with the server down.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import activeStatus from '../../test/contract/background-sync-status-active.json'
import noneStatus from '../../test/contract/background-sync-status-none.json'
import revokePartial from '../../test/contract/credentials-revoke-partial.json'
import revokeSuccess from '../../test/contract/credentials-revoke.json'
import serverAnswers from '../../test/contract/background-sync-server.json'
import storePartial from '../../test/contract/credentials-store-partial.json'
import storeSuccess from '../../test/contract/credentials-store-success.json'
import errorResponse from '../../test/contract/error-response.json'
import PersonalSettings from '../src/components/personal/PersonalSettings.vue'
import { reloadPageKey } from '../src/page-reload'
import { startFakeServer, type FakeServer } from './fake-server'
import { findInDocument, resetPageShell, setInitialState } from './page-shell'

const DASHED_PASSWORD = 'Ab3de-fGh1j-KLmn0-pq5st-Uv9xZ'
const LOGIN_FLOW_PASSWORD = 'a1B2c3D4e5'.repeat(7) + 'Zz'

let server: FakeServer
let reloadPage: ReturnType<typeof vi.fn<() => void>>
let wrapper: VueWrapper | undefined

beforeEach(() => {
	resetPageShell()
	setInitialState('personal-settings', {
		user_id: 'alice',
		security_settings_url: '/index.php/settings/user/security',
		server_configured: true,
		oauth_available: false,
		refresh_token_option: { available: false, reason: 'Not available: WebDAV and OCS need an app password.' },
	})
	server = startFakeServer()
	server.answer('GET', 'background-sync/server', 200, { ...serverAnswers, login_flow: false })
	reloadPage = vi.fn<() => void>()
})

afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
})

async function mountPage(): Promise<VueWrapper> {
	wrapper = mount(PersonalSettings, { attachTo: document.body, global: { provide: { [reloadPageKey]: reloadPage } } })
	await flushPromises()
	return wrapper
}

async function submitAppPassword(page: VueWrapper, value: string): Promise<void> {
	await page.find('[data-test="app-password-input"]').setValue(value)
	await page.find('form').trigger('submit')
	await flushPromises()
}

describe('the connection card', () => {
	it('collapses to Active, what the server can do, since when and as whom, with Replace and Revoke', async () => {
		server.answer('GET', 'background-sync/status', 200, activeStatus)

		const page = await mountPage()

		expect(page.find('[data-test="status-badge"]').text()).toBe('Active')
		expect(page.find('[data-test="abilities"]').text()).toContain('answer your AI assistant')
		expect(page.find('[data-test="abilities"]').text()).toContain('search your documents in the background')
		expect(page.find('[data-test="login-name"]').text()).toBe(`as ${activeStatus.login_name}`)
		const time = page.find('[data-test="allowed-since"]')
		expect(time.attributes('datetime')).toBe(activeStatus.provisioned_at)
		expect(time.text()).toContain('2026')
		expect(time.text()).not.toBe(activeStatus.provisioned_at)
		expect(page.find('[data-test="revoke"]').exists()).toBe(true)
		expect(page.find('[data-test="replace"]').exists()).toBe(true)
		expect(page.find('[data-test="app-password-input"]').exists()).toBe(false)
	})

	it('shows Not allowed, says why the button is missing and offers the app password form', async () => {
		server.answer('GET', 'background-sync/status', 200, noneStatus)

		const page = await mountPage()

		expect(page.find('[data-test="status-badge"]').text()).toBe('Not allowed')
		expect(page.find('[data-test="allowed-since"]').exists()).toBe(false)
		expect(page.find('[data-test="revoke"]').exists()).toBe(false)
		expect(page.find('[data-test="allow-background-access"]').exists()).toBe(false)
		expect(page.find('[data-test="login-flow-unavailable"]').text()).toContain(
			'cannot ask Nextcloud for access by itself',
		)
		expect(page.find('[data-test="app-password-input"]').exists()).toBe(true)
	})

	it('opens the form on Replace and collapses it again on Keep the current access', async () => {
		server.answer('GET', 'background-sync/status', 200, activeStatus)
		const page = await mountPage()

		await page.find('[data-test="replace"]').trigger('click')
		const opened = page.find('[data-test="app-password-input"]').exists()
		await page.find('[data-test="replace-cancel"]').trigger('click')

		expect(opened).toBe(true)
		expect(page.find('[data-test="app-password-input"]').exists()).toBe(false)
		expect(page.find('[data-test="replace"]').exists()).toBe(true)
	})

	it('with the server down says so, claims nothing and offers neither sign-in nor revoke', async () => {
		server.answer('GET', 'background-sync/status', 200, activeStatus)
		server.answer('GET', 'background-sync/server', 200, { configured: true, reachable: false, login_flow: false })

		const page = await mountPage()

		expect(page.find('[data-test="server-unreachable"]').text()).toContain('does not answer right now')
		expect(page.find('[data-test="status-badge"]').text()).toBe('Cannot be checked')
		expect(page.text()).not.toContain('Active')
		for (const name of ['oauth-sign-in', 'allow-background-access', 'revoke', 'replace', 'app-password-input']) {
			expect(page.find(`[data-test="${name}"]`).exists()).toBe(false)
		}
	})

	it('uses no jargon: no credential type choice, no refresh token, no WebDAV or OCS', async () => {
		server.answer('GET', 'background-sync/status', 200, noneStatus)

		const page = await mountPage()

		expect(page.text()).not.toMatch(/WebDAV|OCS|refresh token|OAuth/i)
	})

	it('shows the server error when the status cannot be loaded', async () => {
		server.answer('GET', 'background-sync/status', 503, errorResponse)

		const page = await mountPage()

		expect(page.find('[data-test="status-error"]').text()).toBe(errorResponse.message)
	})

	it('warns that background sync cannot start while the admin has not set the MCP server address', async () => {
		resetPageShell()
		setInitialState('personal-settings', {
			user_id: 'alice',
			security_settings_url: '/s',
			server_configured: false,
			oauth_available: false,
		})
		server.answer('GET', 'background-sync/status', 200, noneStatus)

		const page = await mountPage()

		expect(page.find('[data-test="server-not-configured"]').text()).toContain(
			'has not set the address of the MCP server',
		)
	})

	it('has no such warning when the MCP server address is set', async () => {
		server.answer('GET', 'background-sync/status', 200, noneStatus)

		const page = await mountPage()

		expect(page.find('[data-test="server-not-configured"]').exists()).toBe(false)
	})
})

describe('saving an app password', () => {
	beforeEach(() => {
		server.answer('GET', 'background-sync/status', 200, noneStatus)
	})

	it.each([
		['too short', 'abc'],
		['four groups', 'Ab3de-fGh1j-KLmn0-pq5st'],
		['a symbol in a group', 'Ab3de-fGh1j-KLmn0-pq5st-Uv9x!'],
		['71 characters', LOGIN_FLOW_PASSWORD.slice(1)],
	])('refuses a malformed app password (%s) without calling the server', async (_case, value) => {
		const page = await mountPage()

		await submitAppPassword(page, value)

		expect(page.findAll('[data-test="form-error"]').map((error) => error.text())).toEqual([
			'This does not look like an app password. Paste it exactly as Nextcloud showed it.',
		])
		expect(page.text()).not.toContain('Five groups of five letters or digits')
		expect(server.requestsTo('POST', 'background-sync/credentials')).toHaveLength(0)
		expect(reloadPage).not.toHaveBeenCalled()
	})

	it.each([
		['five groups of five', DASHED_PASSWORD],
		['72 letters and digits from Login Flow', LOGIN_FLOW_PASSWORD],
	])('posts the app password (%s) and reloads the page on success', async (_case, value) => {
		server.answer('POST', 'background-sync/credentials', 200, storeSuccess)
		const page = await mountPage()

		await submitAppPassword(page, value)

		expect(server.requestsTo('POST', 'background-sync/credentials').map((r) => r.body)).toEqual([
			{ appPassword: value, loginName: 'alice' },
		])
		expect(reloadPage).toHaveBeenCalledTimes(1)
		expect(page.find('[data-test="form-error"]').exists()).toBe(false)
	})

	it('prefills the login name with the user id and explains where Nextcloud shows it', async () => {
		const page = await mountPage()

		const field = page.find<HTMLInputElement>('[data-test="login-name-input"]')
		expect(field.element.value).toBe('alice')
		expect(page.text()).toContain('Nextcloud shows it as “Username” next to a new app password')
	})

	it('posts the login name the app password was created under', async () => {
		server.answer('POST', 'background-sync/credentials', 200, storeSuccess)
		const page = await mountPage()
		await page.find('[data-test="login-name-input"]').setValue(' alice@example.com ')

		await submitAppPassword(page, DASHED_PASSWORD)

		expect(server.requestsTo('POST', 'background-sync/credentials').map((r) => r.body)).toEqual([
			{ appPassword: DASHED_PASSWORD, loginName: 'alice@example.com' },
		])
	})

	it('refuses a login name with a colon without calling the server', async () => {
		const page = await mountPage()
		await page.find('[data-test="login-name-input"]').setValue('alice:x')

		await submitAppPassword(page, DASHED_PASSWORD)

		expect(page.find('[data-test="form-error"]').text()).toContain('cannot contain a colon')
		expect(server.requestsTo('POST', 'background-sync/credentials')).toHaveLength(0)
	})

	it('shows the MCP server warning on the reloaded page after a partial success', async () => {
		server.answer('POST', 'background-sync/credentials', 200, storePartial)
		const page = await mountPage()
		reloadPage.mockImplementation(() => page.unmount())

		await submitAppPassword(page, DASHED_PASSWORD)
		server.answer('GET', 'background-sync/status', 200, activeStatus)
		const reloaded = await mountPage()

		expect(reloadPage).toHaveBeenCalledTimes(1)
		expect(reloaded.find('[data-test="mcp-error"]').text()).toBe(storePartial.mcp_error)
		expect(reloaded.find('[data-test="status-badge"]').text()).toBe('Active')
	})

	it.each([
		['HTTP 400 with an error response', 400, errorResponse, errorResponse.message],
		['HTTP 401 with an error response', 401, errorResponse, errorResponse.message],
		['HTTP 502 with an error response', 502, errorResponse, errorResponse.message],
		[
			'HTTP 429 from the rate limiter',
			429,
			{ message: 'Reached maximum delay' },
			'Too many attempts. Please try again later.',
		],
	])('shows the error and stays on the page when saving fails (%s)', async (_case, status, body, message) => {
		server.answer('POST', 'background-sync/credentials', status, body)
		const page = await mountPage()

		await submitAppPassword(page, DASHED_PASSWORD)

		expect(page.find('[data-test="form-error"]').text()).toBe(message)
		expect(reloadPage).not.toHaveBeenCalled()
	})
})

describe('revoking the credential', () => {
	beforeEach(() => {
		server.answer('GET', 'background-sync/status', 200, activeStatus)
	})

	it('asks for confirmation and sends nothing before it is given', async () => {
		const page = await mountPage()

		await page.find('[data-test="revoke"]').trigger('click')
		await flushPromises()

		expect(findInDocument('revoke-confirm')).not.toBeNull()
		expect(document.body.textContent).toContain('Revoke background access?')
		expect(document.body.textContent).toContain('stays valid in Nextcloud until you delete it')
		expect(server.requestsTo('DELETE', 'background-sync/credentials')).toHaveLength(0)
	})

	it('sends DELETE after confirming and then shows the credential as not configured', async () => {
		server.answer('DELETE', 'background-sync/credentials', 200, revokeSuccess)
		const page = await mountPage()
		await page.find('[data-test="revoke"]').trigger('click')
		await flushPromises()
		server.answer('GET', 'background-sync/status', 200, noneStatus)

		findInDocument('revoke-confirm')?.click()
		await flushPromises()

		expect(server.requestsTo('DELETE', 'background-sync/credentials')).toHaveLength(1)
		expect(page.find('[data-test="status-badge"]').text()).toBe('Not allowed')
		expect(page.find('[data-test="revoke-result"]').exists()).toBe(true)
		expect(page.find('[data-test="mcp-error"]').exists()).toBe(false)
	})

	it('sends nothing when the dialog is cancelled', async () => {
		const page = await mountPage()
		await page.find('[data-test="revoke"]').trigger('click')
		await flushPromises()

		findInDocument('revoke-cancel')?.click()
		await flushPromises()

		expect(server.requestsTo('DELETE', 'background-sync/credentials')).toHaveLength(0)
		expect(findInDocument('revoke-confirm')).toBeNull()
		expect(page.find('[data-test="status-badge"]').text()).toBe('Active')
	})

	it('shows the MCP server error after a partial revoke', async () => {
		server.answer('DELETE', 'background-sync/credentials', 200, revokePartial)
		const page = await mountPage()
		await page.find('[data-test="revoke"]').trigger('click')
		await flushPromises()

		findInDocument('revoke-confirm')?.click()
		await flushPromises()

		expect(page.find('[data-test="mcp-error"]').text()).toBe(revokePartial.mcp_error)
	})

	it('shows the error when revoking fails', async () => {
		server.answer('DELETE', 'background-sync/credentials', 500, errorResponse)
		const page = await mountPage()
		await page.find('[data-test="revoke"]').trigger('click')
		await flushPromises()

		findInDocument('revoke-confirm')?.click()
		await flushPromises()

		expect(page.find('[data-test="revoke-error"]').text()).toBe(errorResponse.message)
		expect(page.find('[data-test="status-badge"]').text()).toBe('Active')
	})
})

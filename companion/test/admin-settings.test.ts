// Admin settings page: the MCP server settings, the OAuth client id warning and the connection test.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import settingsSaved from '../../test/contract/admin-settings-saved.json'
import connectionSuccess from '../../test/contract/admin-test-connection-success.json'
import connectionWarning from '../../test/contract/admin-test-connection-warning.json'
import errorResponse from '../../test/contract/error-response.json'
import AdminSettings from '../src/components/admin/AdminSettings.vue'
import { startFakeServer, type FakeServer } from './fake-server'
import { resetPageShell, setInitialState } from './page-shell'

const CONFIGURED = {
	server_url: 'http://127.0.0.1:8000',
	api_key_set: true,
	oauth_client_id: 'companion-client',
	oauth_client_secret_set: true,
	error_page_url: '/index.php/apps/mcp_companion/error',
}

/** The initial state of a companion that predates the client secret. */
function withoutSecretFlag(): object {
	const { oauth_client_secret_set: _secretSet, ...state } = CONFIGURED
	return state
}

let server: FakeServer
let wrapper: VueWrapper | undefined

beforeEach(() => {
	resetPageShell()
	server = startFakeServer()
})

afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
})

async function mountPage(state: object): Promise<VueWrapper> {
	setInitialState('admin-settings', state)
	wrapper = mount(AdminSettings, { attachTo: document.body })
	await flushPromises()
	return wrapper
}

describe('OAuth client id warning', () => {
	it('warns that the companion cannot sign in to the management API when the client id is empty', async () => {
		const page = await mountPage({ ...CONFIGURED, oauth_client_id: '' })

		expect(page.find('[data-test="client-id-warning"]').text()).toContain('needs it to sign in to the management API')
	})

	it('shows no warning when a client id is set', async () => {
		const page = await mountPage(CONFIGURED)

		expect(page.find('[data-test="client-id-warning"]').exists()).toBe(false)
	})
})

describe('settings left in config.php by an earlier version', () => {
	it('names the occ command that removes each one, never a value', async () => {
		const page = await mountPage({ ...CONFIGURED, legacy_system_keys: ['mcp_server_url', 'mcp_server_api_key'] })

		const commands = page.findAll('[data-test="legacy-config-warning"] code').map((code) => code.text())
		expect(commands).toEqual(['occ config:system:delete mcp_server_url', 'occ config:system:delete mcp_server_api_key'])
	})

	it('shows no note when none are left', async () => {
		const page = await mountPage({ ...CONFIGURED, legacy_system_keys: [] })

		expect(page.find('[data-test="legacy-config-warning"]').exists()).toBe(false)
	})

	it('shows no note for an initial state that predates the list', async () => {
		const page = await mountPage(CONFIGURED)

		expect(page.find('[data-test="legacy-config-warning"]').exists()).toBe(false)
	})
})

describe('saving the settings', () => {
	beforeEach(() => {
		server.answer('PUT', 'admin/settings', 200, settingsSaved)
	})

	it('shows the stored values and says whether an API key is set', async () => {
		const page = await mountPage(CONFIGURED)

		expect(page.find<HTMLInputElement>('[data-test="server-url-input"]').element.value).toBe(CONFIGURED.server_url)
		expect(page.find<HTMLInputElement>('[data-test="oauth-client-id-input"]').element.value).toBe(
			CONFIGURED.oauth_client_id,
		)
		expect(page.find('[data-test="api-key-stored"]').text()).toBe('API key: stored')
		expect(page.find('[data-test="api-key-replace"]').exists()).toBe(true)
		expect(page.find('[data-test="api-key-input"]').exists()).toBe(false)
	})

	it('offers the field for an API key when none is stored', async () => {
		const page = await mountPage({ ...CONFIGURED, api_key_set: false })

		expect(page.find('[data-test="api-key-input"]').attributes('placeholder')).toContain('No API key is set')
		expect(page.find('[data-test="api-key-stored"]').exists()).toBe(false)
	})

	it('sends apiKey null when the API key field is left untouched', async () => {
		const page = await mountPage(CONFIGURED)
		await page.find('[data-test="server-url-input"]').setValue('http://mcp.internal:8000 ')

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('PUT', 'admin/settings').map((r) => r.body)).toEqual([
			{
				serverUrl: 'http://mcp.internal:8000',
				apiKey: null,
				oauthClientId: CONFIGURED.oauth_client_id,
				oauthClientSecret: null,
			},
		])
		expect(page.find('[data-test="admin-saved"]').exists()).toBe(true)
	})

	it('sends the API key that was typed in after Replace, then shows it as stored again', async () => {
		const page = await mountPage(CONFIGURED)
		await page.find('[data-test="api-key-replace"]').trigger('click')
		await page.find('[data-test="api-key-input"]').setValue('s3cret-key')

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('PUT', 'admin/settings')[0]?.body).toMatchObject({ apiKey: 's3cret-key' })
		expect(page.find('[data-test="api-key-stored"]').text()).toBe('API key: stored')
	})

	it('sends an empty API key when the stored one is to be removed', async () => {
		const page = await mountPage(CONFIGURED)
		await page.find('[data-test="api-key-clear"]').trigger('click')
		expect(page.find('[data-test="api-key-stored"]').text()).toBe('API key: removed when you save')

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('PUT', 'admin/settings')[0]?.body).toMatchObject({ apiKey: '' })
	})

	it('shows the server error when saving fails', async () => {
		server.answer('PUT', 'admin/settings', 400, errorResponse)
		const page = await mountPage(CONFIGURED)

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(page.find('[data-test="form-error"]').text()).toBe(errorResponse.message)
		expect(page.find('[data-test="admin-saved"]').exists()).toBe(false)
	})
})

describe('the OAuth client secret', () => {
	beforeEach(() => {
		server.answer('PUT', 'admin/settings', 200, settingsSaved)
	})

	it('says a secret is stored and offers to replace or remove it', async () => {
		const page = await mountPage(CONFIGURED)

		expect(page.find('[data-test="oauth-client-secret-stored"]').text()).toBe('OAuth client secret: stored')
		expect(page.find('[data-test="oauth-client-secret-replace"]').exists()).toBe(true)
		expect(page.find('[data-test="oauth-client-secret-clear"]').exists()).toBe(true)
		expect(page.find('[data-test="oauth-client-secret-input"]').exists()).toBe(false)
	})

	it.each([
		['false', { ...CONFIGURED, oauth_client_secret_set: false }],
		['missing', withoutSecretFlag()],
	])('says no secret is set and offers no removal when oauth_client_secret_set is %s', async (_case, state) => {
		const page = await mountPage(state)

		expect(page.find('[data-test="oauth-client-secret-input"]').attributes('placeholder')).toContain(
			'No client secret is set',
		)
		expect(page.find('[data-test="oauth-client-secret-clear"]').exists()).toBe(false)
	})

	it('sends oauthClientSecret null when the field is left untouched', async () => {
		const page = await mountPage(CONFIGURED)

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('PUT', 'admin/settings')[0]?.body).toMatchObject({ oauthClientSecret: null })
		expect(page.find('[data-test="oauth-client-secret-clear"]').exists()).toBe(true)
	})

	it('sends the client secret that was typed in and then shows it as set', async () => {
		const page = await mountPage(withoutSecretFlag())
		await page.find('[data-test="oauth-client-secret-input"]').setValue('client-s3cret')

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('PUT', 'admin/settings')[0]?.body).toMatchObject({
			oauthClientSecret: 'client-s3cret',
			apiKey: null,
		})
		expect(page.find('[data-test="oauth-client-secret-stored"]').text()).toBe('OAuth client secret: stored')
		expect(page.find('[data-test="oauth-client-secret-input"]').exists()).toBe(false)
	})

	it('sends an empty client secret when the stored one is to be removed, then shows none as set', async () => {
		const page = await mountPage(CONFIGURED)
		await page.find('[data-test="oauth-client-secret-clear"]').trigger('click')

		await page.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('PUT', 'admin/settings')[0]?.body).toMatchObject({ oauthClientSecret: '', apiKey: null })
		expect(page.find('[data-test="oauth-client-secret-clear"]').exists()).toBe(false)
		expect(page.find('[data-test="oauth-client-secret-input"]').attributes('placeholder')).toContain(
			'No client secret is set',
		)
	})
})

describe('testing the connection', () => {
	it('says the API key was accepted and shows the version, auth mode and app password support', async () => {
		server.answer('POST', 'admin/test-connection', 200, connectionSuccess)
		const page = await mountPage(CONFIGURED)

		await page.find('[data-test="test-connection"]').trigger('click')
		await flushPromises()

		expect(page.find('[data-test="connection-status"]').text()).toContain('accepted the API key')
		expect(page.find('[data-test="connection-api-key"]').text()).toBe('Accepted')
		expect(page.find('[data-test="connection-warning"]').exists()).toBe(false)
		expect(page.find('[data-test="connection-version"]').text()).toBe('0.1.0')
		expect(page.find('[data-test="connection-auth-mode"]').text()).toBe(
			'Each user with their own account, using an app password',
		)
		expect(page.text()).not.toContain('multi_user_basic')
		expect(page.find('[data-test="connection-app-passwords"]').text()).toBe('Yes')
		expect(page.find('[data-test="connection-error"]').exists()).toBe(false)
	})

	it('tests the address and API key the form holds, not the saved ones', async () => {
		server.answer('POST', 'admin/test-connection', 200, connectionSuccess)
		const page = await mountPage(CONFIGURED)
		await page.find('[data-test="server-url-input"]').setValue(' http://mcp.internal:9000 ')
		await page.find('[data-test="api-key-replace"]').trigger('click')
		await page.find('[data-test="api-key-input"]').setValue('typed-key')

		await page.find('[data-test="test-connection"]').trigger('click')
		await flushPromises()

		expect(server.requestsTo('POST', 'admin/test-connection').map((r) => r.body)).toEqual([
			{ serverUrl: 'http://mcp.internal:9000', apiKey: 'typed-key' },
		])
		expect(server.requestsTo('PUT', 'admin/settings')).toHaveLength(0)
	})

	it('warns when the MCP server requires no API key while one is configured here', async () => {
		server.answer('POST', 'admin/test-connection', 200, connectionWarning)
		const page = await mountPage(CONFIGURED)

		await page.find('[data-test="test-connection"]').trigger('click')
		await flushPromises()

		expect(page.find('[data-test="connection-status"]').text()).toContain('It requires no API key.')
		expect(page.find('[data-test="connection-api-key"]').text()).toBe('Not required')
		expect(page.find('[data-test="connection-warning"]').text()).toBe(connectionWarning.warning)
	})

	it.each([
		['HTTP 502 with an error response', 502, errorResponse, errorResponse.message],
		['HTTP 503 with an error response', 503, errorResponse, errorResponse.message],
		['HTTP 500 with an error response', 500, errorResponse, errorResponse.message],
	])(
		'shows the error when the MCP server cannot be reached or refuses the API key (%s)',
		async (_case, status, body, message) => {
			server.answer('POST', 'admin/test-connection', status, body)
			const page = await mountPage(CONFIGURED)

			await page.find('[data-test="test-connection"]').trigger('click')
			await flushPromises()

			expect(page.find('[data-test="connection-error"]').text()).toBe(message)
			expect(page.find('[data-test="connection-status"]').exists()).toBe(false)
		},
	)
})

describe('troubleshooting link', () => {
	it('links to the error page', async () => {
		const page = await mountPage(CONFIGURED)

		expect(page.find('[data-test="error-page-link"]').attributes('href')).toBe(CONFIGURED.error_page_url)
	})
})

// Calls to the companion's admin routes: saving the MCP server settings and testing the connection to it.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'

/** The admin page's initial state (`admin-settings`). */
export interface AdminSettingsState {
	server_url: string
	api_key_set: boolean
	oauth_client_id: string
	oauth_client_secret_set: boolean
	/** config.php keys of an earlier companion that are still there (no longer read; they may hold secrets). */
	legacy_system_keys: string[]
	error_page_url: string
}

/** Every field: null (or leaving it out) keeps the stored value, '' clears it. */
export interface AdminSettingsInput {
	serverUrl: string | null
	apiKey: string | null
	oauthClientId: string | null
	oauthClientSecret: string | null
}

export interface SavedAdminSettings {
	server_url: string
	api_key_set: boolean
	oauth_client_id: string
	/** Missing from answers of a companion that predates the client secret. */
	oauth_client_secret_set?: boolean
}

export interface SaveAdminSettingsResult {
	success: boolean
	settings: SavedAdminSettings
}

export interface SidecarStatus {
	version: string
	auth_mode: string
	supports_app_passwords: boolean
	vector_sync_enabled: boolean
	uptime_seconds: number
	management_api_version: string
	/** Only when the MCP server signs users in through Nextcloud (oauth or hybrid mode). */
	discovery_url?: string
}

/** The sidecar's answer to the authenticated connection check. */
export interface SidecarConnection {
	connected: boolean
	auth_mode: string
	api_key_required: boolean
	version: string
}

/** `accepted`: the MCP server requires the API key and took the one configured here; `not_required`: it needs none. */
export type ApiKeyCheck = 'accepted' | 'not_required'

export interface ConnectionTestSuccess {
	success: true
	api_key: ApiKeyCheck
	/** Set when the MCP server requires no API key although one is configured here. */
	warning: string | null
	connection: SidecarConnection
	status: SidecarStatus
}

/** A failed test is an HTTP error whose body is error-response.json (axios throws; see error-message.ts). */
export type ConnectionTestResult = ConnectionTestSuccess

export async function saveAdminSettings(settings: AdminSettingsInput): Promise<SaveAdminSettingsResult> {
	const response = await axios.put<SaveAdminSettingsResult>(buildUrl('settings'), settings)
	return response.data
}

/** What the admin form holds now, saved or not: the API key null takes the stored one, '' none. */
export interface ConnectionTestInput {
	serverUrl: string
	apiKey: string | null
}

export async function testConnection(input: ConnectionTestInput): Promise<ConnectionTestResult> {
	const response = await axios.post<ConnectionTestResult>(buildUrl('test-connection'), input)
	return response.data
}

function buildUrl(path: string): string {
	return generateUrl('/apps/mcp_companion/api/v1/admin/' + path)
}

// Calls to the companion's admin routes: saving the MCP server settings and testing the connection to it.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'

/** The admin page's initial state (`admin-settings`). */
export interface AdminSettingsState {
	server_url: string
	api_key_set: boolean
	oauth_client_id: string
	oauth_client_secret_set: boolean
	error_page_url: string
}

export interface AdminSettingsInput {
	serverUrl: string
	/** null leaves the stored key unchanged; '' clears it. */
	apiKey: string | null
	oauthClientId: string
	/** null leaves the stored secret unchanged; '' clears it. */
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
}

export type ConnectionTestResult = { success: true; status: SidecarStatus } | { success: false; error: string }

export async function saveAdminSettings(settings: AdminSettingsInput): Promise<SaveAdminSettingsResult> {
	const response = await axios.put<SaveAdminSettingsResult>(buildUrl('settings'), settings)
	return response.data
}

export async function testConnection(): Promise<ConnectionTestResult> {
	const response = await axios.post<ConnectionTestResult>(buildUrl('test-connection'))
	return response.data
}

function buildUrl(path: string): string {
	return generateUrl('/apps/mcp_companion/api/v1/admin/' + path)
}

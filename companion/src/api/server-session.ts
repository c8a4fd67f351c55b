// Calls to the companion's routes for the user's MCP server sign-in: the session, signing out, revoking background access.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'

export type BackgroundCredentialType = 'app_password' | 'refresh_token'

export interface BackgroundAccess {
	granted: boolean
	credential_type: BackgroundCredentialType | null
	/** ISO 8601, or null when nothing is granted. */
	since: string | null
	scopes: string[]
}

/** The MCP server's view of the signed-in user (the sidecar's session document). */
export interface ServerSession {
	user_id: string
	offline_access_enabled: boolean
	background_access: BackgroundAccess
}

/**
 * Body of GET …/session: signed out, signed in with the session, or a failure as `error` (its code) and `message`:
 * signed in but the session could not be read, or signed out because the sign-in just expired.
 */
export type ServerSessionState =
	| { signed_in: false }
	| { signed_in: true; session: ServerSession }
	| { signed_in: boolean; error: string; message: string }

export interface ClearedCredentials {
	app_password: boolean
	refresh_token: boolean
	token_cache: boolean
}

export interface RevokedBackgroundAccess {
	user_id: string
	cleared: ClearedCredentials
	provider_revocation: string
	/** What Nextcloud did with the stored app password: revoked, already_invalid, failed or not_needed. */
	app_password_revocation: string
}

export interface RevokeBackgroundAccessResult {
	success: true
	revoked: RevokedBackgroundAccess
}

export interface SignOutResult {
	success: boolean
}

/** Where the browser goes to sign in; the server redirects to the identity provider and back to the settings page. */
export function buildSignInUrl(): string {
	return generateUrl('/apps/mcp_companion/oauth/login')
}

export async function fetchServerSession(): Promise<ServerSessionState> {
	const response = await axios.get<ServerSessionState>(generateUrl('/apps/mcp_companion/api/v1/session'))
	return response.data
}

export async function signOutOfServer(): Promise<SignOutResult> {
	const response = await axios.post<SignOutResult>(generateUrl('/apps/mcp_companion/oauth/logout'))
	return response.data
}

/** A refusal is HTTP 4xx/5xx with error-response.json (axios throws; see error-message.ts). */
export async function revokeBackgroundAccess(): Promise<RevokeBackgroundAccessResult> {
	const response = await axios.post<RevokeBackgroundAccessResult>(
		generateUrl('/apps/mcp_companion/api/v1/session/revoke'),
	)
	return response.data
}

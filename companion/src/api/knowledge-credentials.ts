// Calls to the companion's credential routes (under api/v1/background-sync/): the status of the credential the
// knowledge sync works with, storing it and revoking it.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'

export type CredentialType = 'app_password'

export interface CredentialStatus {
	provisioned: boolean
	credential_type: CredentialType | null
	/** The login name the app password belongs to, or null when nothing is provisioned. */
	login_name: string | null
	/** ISO 8601 with offset, or null when nothing is provisioned. */
	provisioned_at: string | null
}

/** Body of POST …/credentials; `success` is true for full and partial success. */
export interface StoreCredentialsResult {
	success: boolean
	partial_success: boolean
	local_storage: boolean
	mcp_sync: boolean
	mcp_error?: string
}

export interface RevokeCredentialsResult {
	success: boolean
	local_deleted: boolean
	mcp_deleted: boolean
	mcp_error?: string
}

export async function fetchCredentialStatus(): Promise<CredentialStatus> {
	const response = await axios.get<CredentialStatus>(buildUrl('status'))
	return response.data
}

/**
 * Stores the app password with the login name it was created under. A refusal is HTTP 4xx/5xx with
 * error-response.json (axios throws; see error-message.ts).
 */
export async function saveAppPassword(appPassword: string, loginName: string): Promise<StoreCredentialsResult> {
	const response = await axios.post<StoreCredentialsResult>(buildUrl('credentials'), { appPassword, loginName })
	return response.data
}

export async function revokeCredentials(): Promise<RevokeCredentialsResult> {
	const response = await axios.delete<RevokeCredentialsResult>(buildUrl('credentials'))
	return response.data
}

function buildUrl(path: string): string {
	return generateUrl('/apps/mcp_companion/api/v1/background-sync/' + path)
}

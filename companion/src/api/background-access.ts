// Calls to the companion's routes for "Allow background access": whether the MCP server answers and can run
// Nextcloud's Login Flow v2, starting a flow and polling it.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'
import type { StoreCredentialsResult } from './knowledge-credentials'

/** Body of GET …/background-sync/server (always 200). */
export interface ServerReachability {
	configured: boolean
	reachable: boolean
	/** Whether "Allow background access" can work: the server signs users in through Nextcloud. */
	login_flow: boolean
}

/** Body of POST …/login-flow: Nextcloud's grant page for the user, and the id to poll with. */
export interface StartedLoginFlow {
	flow_id: string
	login_url: string
	/** ISO 8601: the flow is forgotten after this. */
	expires_at: string
}

/** Body of POST …/login-flow/poll; with `granted`, the same fields as storing an app password. */
export type LoginFlowPoll = { status: 'pending' | 'expired' } | ({ status: 'granted' } & StoreCredentialsResult)

export async function fetchServerReachability(): Promise<ServerReachability> {
	const response = await axios.get<ServerReachability>(buildUrl('server'))
	return response.data
}

/** A refusal is HTTP 4xx/5xx with error-response.json (403 `sign_in_required` without a sign-in). */
export async function startLoginFlow(): Promise<StartedLoginFlow> {
	const response = await axios.post<StartedLoginFlow>(buildUrl('login-flow'))
	return response.data
}

export async function pollLoginFlow(flowId: string): Promise<LoginFlowPoll> {
	const response = await axios.post<LoginFlowPoll>(buildUrl('login-flow/poll'), { flowId })
	return response.data
}

function buildUrl(path: string): string {
	return generateUrl('/apps/mcp_companion/api/v1/background-sync/' + path)
}

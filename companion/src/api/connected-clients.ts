// Calls to the companion's routes for the MCP clients (AI assistants) the user connected: listing and revoking one.
import axios from '@nextcloud/axios'
import { generateUrl } from '@nextcloud/router'

export interface ConnectedClient {
	client_id: string
	name: string
	/** ISO 8601. */
	since: string
	/** ISO 8601, or null when the client has not been used yet. */
	last_used: string | null
	scopes: string[]
}

/**
 * Body of GET …/session/clients. `authorization_server`: `sidecar` when the MCP server signs clients in itself (the
 * only case with a list to show), `nextcloud` when Nextcloud does, `none` when the server keeps no such list.
 */
export interface ConnectedClients {
	authorization_server: 'sidecar' | 'nextcloud' | 'none'
	clients: ConnectedClient[]
}

export async function fetchConnectedClients(): Promise<ConnectedClients> {
	const response = await axios.get<ConnectedClients>(generateUrl('/apps/mcp_companion/api/v1/session/clients'))
	return response.data
}

/** A refusal is HTTP 4xx/5xx with error-response.json. */
export async function revokeConnectedClient(clientId: string): Promise<void> {
	await axios.post(generateUrl('/apps/mcp_companion/api/v1/session/clients/revoke'), { clientId })
}

// Starts the real sidecar in-process as the authorization server of /mcp (oauth mode, MCP_AUTHORIZATION_SERVER=
// sidecar) in front of a platform double, on a port known before it listens: the issuer is its public URL.
import { createHash } from 'node:crypto';
import { createLogger } from '../../../sidecar/src/logging/logger.js';
import { startServer, type RunningServer } from '../../../sidecar/src/main.js';
import { parseSettings } from '../../../sidecar/src/settings/settings.js';
import { findFreePort } from '../../platform/free-port.js';

export interface OwnServerSidecar {
  sidecar: RunningServer;
  /** http://127.0.0.1:port, the issuer; `<issuer>/mcp` is the one resource. */
  issuer: string;
}

export async function startOwnServerSidecar(options: {
  nextcloudUrl: string;
  tokensDb: string;
  /** MCP_OAUTH_CLIENTS: the pre-registered clients. */
  clients: object[];
  /** More settings, e.g. MANAGEMENT_API_TRUSTED_CLIENTS. */
  env?: Record<string, string>;
}): Promise<OwnServerSidecar> {
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const settings = parseSettings({
    NEXTCLOUD_HOST: options.nextcloudUrl,
    MCP_DEPLOYMENT_MODE: 'oauth',
    MCP_AUTHORIZATION_SERVER: 'sidecar',
    NEXTCLOUD_MCP_SERVER_URL: issuer,
    MCP_SERVER_PORT: String(port),
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 4).toString('base64'),
    TOKEN_STORAGE_DB: options.tokensDb,
    MCP_OAUTH_CLIENTS: JSON.stringify(options.clients),
    ...options.env,
  });
  return { sidecar: await startServer({ settings, logger: createLogger('silent') }), issuer };
}

/** The authorization request of a public client at the sidecar's own server: PKCE S256 and `resource` = its /mcp. */
export function authorizationUrlAt(
  issuer: string,
  request: { clientId: string; redirectUri: string; verifier: string; scope: string; state: string },
): string {
  return `${issuer}/oauth2/authorize?${new URLSearchParams({
    client_id: request.clientId,
    response_type: 'code',
    redirect_uri: request.redirectUri,
    code_challenge: createHash('sha256').update(request.verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${issuer}/mcp`,
    scope: request.scope,
    state: request.state,
  })}`;
}

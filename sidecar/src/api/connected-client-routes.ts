// GET /api/v1/users/{user_id}/oauth-clients and DELETE …/oauth-clients/{client_id} (Bearer, the user's own resource):
// the MCP clients the user connected through the sidecar's authorization server, and revoking one (its grants, codes,
// refresh and access tokens; never the user's app password, which is background access). With Nextcloud's oidc app as
// the authorization server, the list is empty and says so, so the companion can hide it.
import { Router } from 'express';
import type { BearerVerifier } from '../auth/bearer-verifier.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import type { ConnectedClients } from '../authorization-server/connected-clients.js';
import { NotFoundError } from '../errors.js';
import { requireOwnerToken } from '../http/bearer-auth.js';
import { parseQueryString, parseUserIdParam } from '../http/validation.js';

export const CONNECTED_CLIENTS_ROUTE = '/api/v1/users/:userId/oauth-clients';
/** The longest client id taken (a Client ID Metadata Document's URL, or a registered id). */
const CLIENT_ID_MAX_LENGTH = 2048;

export interface ConnectedClientRouteDeps {
  /** The sidecar's own authorization server (MCP_AUTHORIZATION_SERVER=sidecar): its owner tokens and clients. */
  authorizationServer?: { ownerVerifier: BearerVerifier; connectedClients: ConnectedClients };
  /** Nextcloud's oidc app (hybrid, oauth): its owner tokens. Neither: the routes answer 404. */
  oauth: OAuthContext | undefined;
}

export interface ConnectedClientDocument {
  clientId: string;
  name: string;
  since: string;
  lastUsed: string | null;
  scopes: string[];
}

export function createConnectedClientRouter(deps: ConnectedClientRouteDeps): Router {
  const router = Router();
  const owner = requireOwnerToken(
    { ownServer: deps.authorizationServer?.ownerVerifier, oauth: deps.oauth },
    () => new NotFoundError('Connected clients are not available in this mode: it has no identity provider.'),
  );

  router.get(CONNECTED_CLIENTS_ROUTE, owner, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    if (!deps.authorizationServer) return void res.json({ authorizationServer: 'nextcloud', clients: [] });
    const clients = await deps.authorizationServer.connectedClients.list(userId);
    res.json({
      authorizationServer: 'sidecar',
      clients: clients.map((client): ConnectedClientDocument => ({
        clientId: client.clientId,
        name: client.name,
        since: client.since.toISOString(),
        lastUsed: client.lastUsed?.toISOString() ?? null,
        scopes: client.scopes,
      })),
    });
  });

  router.delete(`${CONNECTED_CLIENTS_ROUTE}/:clientId`, owner, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    const clientId = parseQueryString('The client id', req.params.clientId, { maxLength: CLIENT_ID_MAX_LENGTH });
    const revoked = await deps.authorizationServer?.connectedClients.revoke(userId, clientId);
    if (!revoked) throw new NotFoundError('This user has connected no client with this id.');
    res.status(204).end();
  });

  return router;
}

// OAuth Protected Resource Metadata (RFC 9728) for the MCP endpoint, at both well-known paths: it names the
// authorization server /mcp trusts (Nextcloud's oidc app, or the sidecar itself) and the scopes it knows.
import { Router } from 'express';

export function createProtectedResourceRouter(deps: {
  publicUrl: string;
  /** The issuer of the authorization server /mcp trusts (read per request: the provider's may be learnt late). */
  authorizationServer: () => string;
  scopes: readonly string[];
}): Router {
  const router = Router();
  router.get(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'], (_req, res) => {
    res.json({
      resource: `${deps.publicUrl}/mcp`,
      authorization_servers: [deps.authorizationServer()],
      bearer_methods_supported: ['header'],
      scopes_supported: deps.scopes,
      resource_name: 'Nextcloud MCP Server',
    });
  });
  return router;
}

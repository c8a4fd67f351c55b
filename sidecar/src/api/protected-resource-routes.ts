// OAuth Protected Resource Metadata (RFC 9728) for the MCP endpoint, at both well-known paths.
import { Router } from 'express';
import type { OAuthContext } from '../auth/oauth-context.js';

export function createProtectedResourceRouter(deps: {
  oauth: OAuthContext;
  publicUrl: string;
  publicIssuer?: string;
}): Router {
  const router = Router();
  router.get(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'], (_req, res) => {
    const { metadata } = deps.oauth.ready();
    res.json({
      resource: `${deps.publicUrl}/mcp`,
      authorization_servers: [deps.publicIssuer ?? metadata.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      resource_name: 'Nextcloud MCP Server',
    });
  });
  return router;
}

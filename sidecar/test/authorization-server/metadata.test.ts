// The sidecar's authorization server metadata (RFC 8414, OpenID discovery) and /mcp's protected resource metadata
// naming it, with MCP_AUTHORIZATION_SERVER=sidecar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';

let setup: AuthorizationServerSetup;

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar();
});
afterAll(async () => {
  await setup.stop();
});

const getJson = async (path: string) => {
  const response = await fetch(`${setup.issuer}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('authorization server metadata', () => {
  it('serves the RFC 8414 document with S256 only, none as client authentication, iss and CIMD support', async () => {
    const { status, body } = await getJson('/.well-known/oauth-authorization-server');

    expect(status).toBe(200);
    expect(body).toMatchObject({
      issuer: setup.issuer,
      authorization_endpoint: `${setup.issuer}/oauth2/authorize`,
      token_endpoint: `${setup.issuer}/oauth2/token`,
      registration_endpoint: `${setup.issuer}/oauth2/register`,
      revocation_endpoint: `${setup.issuer}/oauth2/revoke`,
      jwks_uri: `${setup.issuer}/oauth2/jwks`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    expect(body.token_endpoint_auth_methods_supported).toContain('none');
    expect(body.scopes_supported).toEqual(expect.arrayContaining(['files:read', 'calendar:write', 'knowledge:read']));
  });

  it('serves the same document at the OpenID discovery path', async () => {
    const rfc8414 = await getJson('/.well-known/oauth-authorization-server');
    const openid = await getJson('/.well-known/openid-configuration');

    expect(openid.body).toEqual(rfc8414.body);
  });

  it('names the sidecar as the authorization server of /mcp, and the 401 of /mcp points to that metadata', async () => {
    const { body } = await getJson('/.well-known/oauth-protected-resource/mcp');
    const refused = await fetch(`${setup.issuer}/mcp`, { method: 'POST' });

    expect(body).toMatchObject({ resource: setup.resource, authorization_servers: [setup.issuer] });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${setup.issuer}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('publishes one RS256 signing key without its private part', async () => {
    const { body } = await getJson('/oauth2/jwks');

    const keys = body.keys as Array<Record<string, unknown>>;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

// The companion's session routes with the sidecar as the authorization server: the owner token of a trusted client
// (MANAGEMENT_API_TRUSTED_CLIENTS) signed in at the sidecar reads its user's session, starts a Login Flow v2 and a
// revocation, and is refused for another user's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { tokensOf } from '../support/authorization-server-tokens.js';
import { APP_PASSWORD } from '../support/sidecar.js';

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
let setup: AuthorizationServerSetup;
let ownerToken: string;

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar(
    {
      MCP_OAUTH_CLIENTS: JSON.stringify([{ client_id: 'companion', redirect_uris: [REDIRECT_URI] }]),
      MANAGEMENT_API_TRUSTED_CLIENTS: 'companion',
    },
    [
      { id: 'alice', appPasswords: [APP_PASSWORD] },
      { id: 'bob', appPasswords: ['BoBbB-12345-fGhIj-67890-KlMnO'] },
    ],
  );
  ownerToken = (await tokensOf(setup, { clientId: 'companion', redirectUri: REDIRECT_URI })).access_token;
});
afterAll(async () => {
  await setup.stop();
});

const asOwner = (path: string, method = 'GET') =>
  fetch(`${setup.issuer}${path}`, { method, headers: { authorization: `Bearer ${ownerToken}` } });

describe("the session routes with the sidecar's own owner tokens", () => {
  it('answer the signed-in user’s session', async () => {
    const response = await asOwner('/api/v1/users/alice/session');

    expect(response.status).toBe(200);
    expect(((await response.json()) as { user_id: string }).user_id).toBe('alice');
  });

  it('refuse another user’s session with 403', async () => {
    expect((await asOwner('/api/v1/users/bob/session')).status).toBe(403);
  });

  it('start a Login Flow v2 for the signed-in user', async () => {
    const response = await asOwner('/api/v1/users/alice/login-flow', 'POST');

    expect(response.status).toBe(200);
    expect(((await response.json()) as { user_id: string }).user_id).toBe('alice');
  });

  it('revoke without a Nextcloud provider to revoke at', async () => {
    const response = await asOwner('/api/v1/users/alice/revoke', 'POST');

    expect(response.status).toBe(200);
    expect(((await response.json()) as { provider_revocation: string }).provider_revocation).toBe('not_needed');
  });
});

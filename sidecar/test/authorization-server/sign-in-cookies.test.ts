// The cookies of the sidecar's authorization server behind https: httpOnly, SameSite=Lax and Secure, whatever Host the
// request came with (the public URL decides), and its endpoints named on the public URL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';

const PUBLIC_URL = 'https://mcp.example.com';
const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
let setup: AuthorizationServerSetup;

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar({
    NEXTCLOUD_MCP_SERVER_URL: PUBLIC_URL,
    MCP_OAUTH_CLIENTS: JSON.stringify([{ client_id: 'desk', redirect_uris: [REDIRECT_URI] }]),
  });
});
afterAll(async () => {
  await setup.stop();
});

describe('behind an https public URL', () => {
  it('sets its cookies httpOnly, SameSite=Lax and Secure', async () => {
    const query = new URLSearchParams({
      client_id: 'desk',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      code_challenge: createHash('sha256').update('x'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      resource: `${PUBLIC_URL}/mcp`,
    });

    const response = await fetch(`${setup.issuer}/oauth2/authorize?${query}`, { redirect: 'manual' });

    const cookies = response.headers.getSetCookie().filter((line) => !/expires=Thu, 01 Jan 1970/i.test(line));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/oauth2\/interaction\//);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.toLowerCase()).toContain('httponly');
      expect(cookie.toLowerCase()).toContain('samesite=lax');
      expect(cookie.toLowerCase()).toContain('secure');
    }
  });

  it('names its endpoints on the public URL, not on the address it was reached at', async () => {
    const metadata = (await (await fetch(`${setup.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      string
    >;

    expect(metadata.issuer).toBe(PUBLIC_URL);
    expect(metadata.token_endpoint).toBe(`${PUBLIC_URL}/oauth2/token`);
  });
});

// The settings of the authorization server /mcp trusts: Nextcloud's oidc app by default, or the sidecar itself with
// its clients, lifetimes and the addresses its metadata documents may come from.
import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '../../src/settings/settings.js';
import { TEST_KEY } from '../support/sidecar.js';

const SIDECAR_SERVER = {
  NEXTCLOUD_HOST: 'https://cloud.example.com',
  MCP_DEPLOYMENT_MODE: 'oauth',
  MCP_AUTHORIZATION_SERVER: 'sidecar',
  NEXTCLOUD_MCP_SERVER_URL: 'https://mcp.example.com',
  TOKEN_ENCRYPTION_KEY: TEST_KEY,
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
  try {
    parseSettings(defined, 'server');
    return [];
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
}

describe('MCP_AUTHORIZATION_SERVER', () => {
  it('trusts Nextcloud by default, with registration on, no clients and ten-minute tokens', () => {
    const settings = parseSettings({ ...SIDECAR_SERVER, MCP_AUTHORIZATION_SERVER: '' });

    expect(settings.authorizationServer).toMatchObject({
      kind: 'nextcloud',
      dynamicRegistration: true,
      registrationsPerHour: 10,
      clients: [],
      metadataDocumentAllowedHosts: [],
      accessTokenLifetimeSeconds: 600,
      signingKeyRotationDays: 30,
    });
  });

  it('refuses an unknown value, a mode other than oauth, and a missing or sub-path public URL', () => {
    expect(problemsOf({ ...SIDECAR_SERVER, MCP_AUTHORIZATION_SERVER: 'keycloak' })[0]).toContain(
      'MCP_AUTHORIZATION_SERVER must be one of nextcloud, sidecar',
    );
    expect(problemsOf({ ...SIDECAR_SERVER, MCP_DEPLOYMENT_MODE: 'multi_user_basic' })).toContain(
      'MCP_AUTHORIZATION_SERVER=sidecar needs MCP_DEPLOYMENT_MODE=oauth.',
    );
    expect(problemsOf({ ...SIDECAR_SERVER, NEXTCLOUD_MCP_SERVER_URL: undefined })[0]).toContain(
      'needs NEXTCLOUD_MCP_SERVER_URL',
    );
    expect(problemsOf({ ...SIDECAR_SERVER, NEXTCLOUD_MCP_SERVER_URL: 'https://example.com/mcp-sidecar' })[0]).toContain(
      'at the root of its host',
    );
  });
});

describe('MCP_OAUTH_CLIENTS', () => {
  it('reads pre-registered clients, public or with a secret', () => {
    const clients = [
      { client_id: 'desk', redirect_uris: ['http://127.0.0.1/callback'], client_name: 'Desk' },
      { client_id: 'web', redirect_uris: ['https://app.example/cb'], client_secret: 's'.repeat(32) },
    ];

    const settings = parseSettings({ ...SIDECAR_SERVER, MCP_OAUTH_CLIENTS: JSON.stringify(clients) });

    expect(settings.authorizationServer.clients).toEqual([
      { clientId: 'desk', redirectUris: ['http://127.0.0.1/callback'], clientName: 'Desk', clientSecret: undefined },
      {
        clientId: 'web',
        redirectUris: ['https://app.example/cb'],
        clientSecret: 's'.repeat(32),
        clientName: undefined,
      },
    ]);
  });

  it('refuses what is not a JSON array of clients with redirect URIs and long secrets', () => {
    for (const value of [
      '{',
      '{}',
      '[{"client_id":"x"}]',
      '[{"client_id":"x","redirect_uris":["y"],"client_secret":"short"}]',
    ]) {
      expect(problemsOf({ ...SIDECAR_SERVER, MCP_OAUTH_CLIENTS: value })[0]).toContain('MCP_OAUTH_CLIENTS must be');
    }
  });
});

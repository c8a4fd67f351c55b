// Settings: auth-mode detection, offline-access deprecation, cookie security, and one message listing every problem.
import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '../../src/settings/settings.js';

const KEY = Buffer.alloc(32, 1).toString('base64');
const HOST = { NEXTCLOUD_HOST: 'https://cloud.example.com' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSettings(env, 'server');
    return [];
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
}

describe('auth-mode detection', () => {
  it.each([
    [
      'an explicit MCP_DEPLOYMENT_MODE wins',
      {
        MCP_DEPLOYMENT_MODE: 'basic',
        ENABLE_MULTI_USER_BASIC_AUTH: 'true',
        NEXTCLOUD_USERNAME: 'a',
        NEXTCLOUD_PASSWORD: 'b',
      },
      'basic',
    ],
    [
      'the multi-user flag comes next',
      { ENABLE_MULTI_USER_BASIC_AUTH: 'true', NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' },
      'multi_user_basic',
    ],
    ['username plus password give basic', { NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' }, 'basic'],
    ['a username alone gives oauth', { NEXTCLOUD_USERNAME: 'a', TOKEN_ENCRYPTION_KEY: KEY }, 'oauth'],
    ['nothing gives oauth', { TOKEN_ENCRYPTION_KEY: KEY }, 'oauth'],
    ['smithery only when asked for', { MCP_DEPLOYMENT_MODE: 'smithery' }, 'smithery'],
  ])('%s', (_name, env, mode) => {
    const settings = parseSettings({ ...HOST, ...env }, 'server');

    expect(settings.authMode).toBe(mode);
  });
});

describe('enableOfflineAccess', () => {
  it('comes from ENABLE_BACKGROUND_OPERATIONS', () => {
    const settings = parseSettings({
      ...HOST,
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
      ENABLE_BACKGROUND_OPERATIONS: 'true',
      TOKEN_ENCRYPTION_KEY: KEY,
    });

    expect(settings.enableOfflineAccess).toBe(true);
    expect(settings.notices.filter((n) => n.level === 'warn')).toEqual([]);
  });

  it('still honours the deprecated ENABLE_OFFLINE_ACCESS, with a deprecation warning', () => {
    const settings = parseSettings({
      ...HOST,
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
      ENABLE_OFFLINE_ACCESS: 'yes',
      TOKEN_ENCRYPTION_KEY: KEY,
    });

    expect(settings.enableOfflineAccess).toBe(true);
    expect(settings.notices).toContainEqual({
      level: 'warn',
      message: expect.stringMatching(/ENABLE_OFFLINE_ACCESS is deprecated/),
    });
  });

  it('lets ENABLE_BACKGROUND_OPERATIONS win when both are set', () => {
    const settings = parseSettings({
      ...HOST,
      ENABLE_BACKGROUND_OPERATIONS: 'false',
      ENABLE_OFFLINE_ACCESS: 'true',
      TOKEN_ENCRYPTION_KEY: KEY,
    });

    expect(settings.enableOfflineAccess).toBe(false);
  });

  it('notes, as information, that hybrid mode without a static client uses dynamic registration', () => {
    const settings = parseSettings({
      ...HOST,
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
      ENABLE_BACKGROUND_OPERATIONS: 'true',
      TOKEN_ENCRYPTION_KEY: KEY,
    });

    expect(settings.notices).toContainEqual({
      level: 'info',
      message: expect.stringMatching(/dynamic client registration will be used/),
    });
  });
});

describe('COOKIE_SECURE', () => {
  it.each([
    ['https host, unset', { NEXTCLOUD_HOST: 'https://cloud.example.com' }, true],
    ['http host, unset', { NEXTCLOUD_HOST: 'http://nextcloud:80' }, false],
    ['http host, explicit true', { NEXTCLOUD_HOST: 'http://nextcloud', COOKIE_SECURE: 'true' }, true],
    ['https host, explicit false', { NEXTCLOUD_HOST: 'https://cloud.example.com', COOKIE_SECURE: 'false' }, false],
  ])('%s', (_name, env, secure) => {
    const settings = parseSettings({ ...env, NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' });

    expect(settings.cookieSecure).toBe(secure);
  });
});

describe('validation', () => {
  it('lists every problem in one message', () => {
    const problems = problemsOf({
      NEXTCLOUD_HOST: 'ftp://cloud',
      MCP_DEPLOYMENT_MODE: 'magic',
      NEXTCLOUD_VERIFY_SSL: 'maybe',
      TOKEN_ENCRYPTION_KEY: 'short',
      MCP_SERVER_PORT: '99999',
      LOG_LEVEL: 'loud',
    });

    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/generate-key/);
  });

  it('names MCP_SERVER_HOST when it is not an address to listen on', () => {
    const problems = ['bad host!', 'http://x', '0.0.0.0:8000'].map(
      (value) => problemsOf({ ...HOST, ENABLE_MULTI_USER_BASIC_AUTH: 'true', MCP_SERVER_HOST: value })[0] ?? '',
    );
    const accepted = ['0.0.0.0', '::', '[::1]', 'mcp.internal'].map((value) =>
      problemsOf({ ...HOST, ENABLE_MULTI_USER_BASIC_AUTH: 'true', MCP_SERVER_HOST: value }),
    );

    expect(problems).toEqual(problems.map(() => expect.stringMatching(/^MCP_SERVER_HOST must be an IP address/)));
    expect(accepted).toEqual([[], [], [], []]);
  });

  it('requires an encryption key where secrets are stored, and says how to make one', () => {
    const problems = problemsOf({ ...HOST });

    expect(problems).toEqual([expect.stringMatching(/TOKEN_ENCRYPTION_KEY is required .*generate-key/)]);
  });

  it('requires NEXTCLOUD_HOST except in smithery mode', () => {
    expect(problemsOf({ NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' })).toEqual([
      expect.stringMatching(/NEXTCLOUD_HOST is required/),
    ]);
    expect(problemsOf({ MCP_DEPLOYMENT_MODE: 'smithery' })).toEqual([]);
  });

  it('treats a missing CA bundle file as a start-up error', () => {
    const problems = problemsOf({
      ...HOST,
      NEXTCLOUD_USERNAME: 'a',
      NEXTCLOUD_PASSWORD: 'b',
      NEXTCLOUD_CA_BUNDLE: '/nonexistent/ca.pem',
    });

    expect(problems).toEqual([expect.stringMatching(/NEXTCLOUD_CA_BUNDLE/)]);
  });

  it('accepts URL-safe base64 keys and trims a trailing slash from the host', () => {
    const settings = parseSettings({
      NEXTCLOUD_HOST: 'https://cloud.example.com/sub/',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 251).toString('base64url'),
    });

    expect(settings.tokenEncryptionKey).toHaveLength(32);
    expect(settings.nextcloud.host).toBe('https://cloud.example.com/sub');
  });

  it('needs only the database path for the db commands', () => {
    const settings = parseSettings({ TOKEN_STORAGE_DB: '/tmp/x.db' }, 'database');

    expect(settings.tokenStorageDb).toBe('/tmp/x.db');
  });

  it('warns at start when TLS verification is off', () => {
    const settings = parseSettings({
      ...HOST,
      NEXTCLOUD_USERNAME: 'a',
      NEXTCLOUD_PASSWORD: 'b',
      NEXTCLOUD_VERIFY_SSL: 'false',
    });

    expect(settings.nextcloud.verifySsl).toBe(false);
    expect(settings.notices).toContainEqual({
      level: 'warn',
      message: expect.stringMatching(/NEXTCLOUD_VERIFY_SSL is off/),
    });
  });
});

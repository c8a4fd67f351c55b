// Basic mode serves the configured user to anyone who reaches it: it listens on loopback, or on a network address only
// when MCP_ALLOW_UNAUTHENTICATED_NETWORK says so.
import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '../../src/settings/settings.js';
import { runCliProcess } from '../support/cli-process.js';
import { APP_PASSWORD } from '../support/sidecar.js';

const BASIC = {
  NEXTCLOUD_HOST: 'https://cloud.example.com',
  NEXTCLOUD_USERNAME: 'alice',
  NEXTCLOUD_PASSWORD: APP_PASSWORD,
};

describe('basic mode and MCP_SERVER_HOST', () => {
  it.each(['0.0.0.0', '::', '192.168.1.10'])('refuses to listen on %s without the explicit setting', (host) => {
    const parsing = () => parseSettings({ ...BASIC, MCP_SERVER_HOST: host });

    expect(parsing).toThrow(SettingsError);
    expect(parsing).toThrow(/MCP_ALLOW_UNAUTHENTICATED_NETWORK=true/);
  });

  it.each(['127.0.0.1', '127.0.0.53', 'localhost', '::1'])('listens on the loopback address %s', (host) => {
    expect(parseSettings({ ...BASIC, MCP_SERVER_HOST: host }).server.host).toBe(host);
  });

  it('listens on [::1] as ::1 (an address in brackets is what URLs write)', () => {
    expect(parseSettings({ ...BASIC, MCP_SERVER_HOST: '[::1]' }).server.host).toBe('::1');
  });

  it('listens on a network address when MCP_ALLOW_UNAUTHENTICATED_NETWORK is true', () => {
    const settings = parseSettings({ ...BASIC, MCP_SERVER_HOST: '0.0.0.0', MCP_ALLOW_UNAUTHENTICATED_NETWORK: 'true' });

    expect(settings.server.allowUnauthenticatedNetwork).toBe(true);
  });

  it('does not apply to the stdio transport, which listens on nothing', () => {
    expect(parseSettings({ ...BASIC, MCP_SERVER_HOST: '0.0.0.0' }, 'stdio').authMode).toBe('basic');
  });

  it('does not apply to modes that authenticate every caller', () => {
    const settings = parseSettings({ ...BASIC, ENABLE_MULTI_USER_BASIC_AUTH: 'true', MCP_SERVER_HOST: '0.0.0.0' });

    expect(settings.authMode).toBe('multi_user_basic');
  });

  it('stops `run` with exit status 2 and the reason', async () => {
    const result = await runCliProcess(['run', '--host', '0.0.0.0', '--port', '0'], {
      ...BASIC,
      TOKEN_STORAGE_DB: ':memory:',
    });

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Mode basic serves NEXTCLOUD_USERNAME to anyone who reaches MCP_SERVER_HOST/);
    expect(result.stdout).toBe('');
  });
});

// Settings of the key change (TOKEN_ENCRYPTION_KEY_PREVIOUS) and of reverse proxies (MCP_TRUSTED_PROXIES).
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

const KEY = Buffer.alloc(32, 1).toString('base64');
const OLD_KEY = Buffer.alloc(32, 2).toString('base64');

describe('TOKEN_ENCRYPTION_KEY_PREVIOUS', () => {
  it('is read next to the current key', () => {
    const settings = parseSettings({ ...BASIC, TOKEN_ENCRYPTION_KEY: KEY, TOKEN_ENCRYPTION_KEY_PREVIOUS: OLD_KEY });

    expect(Buffer.from(settings.tokenEncryptionKeyPrevious!)).toEqual(Buffer.alloc(32, 2));
  });

  it.each([
    ['without the current key', { TOKEN_ENCRYPTION_KEY_PREVIOUS: OLD_KEY }, /set without TOKEN_ENCRYPTION_KEY/],
    [
      'when it is not 32 bytes of base64',
      { TOKEN_ENCRYPTION_KEY: KEY, TOKEN_ENCRYPTION_KEY_PREVIOUS: 'short' },
      /TOKEN_ENCRYPTION_KEY_PREVIOUS must be the base64 encoding of 32 random bytes/,
    ],
  ])('is a problem %s', (_name, env, message) => {
    expect(problemsOf(env)).toEqual([expect.stringMatching(message)]);
  });
});

describe('MCP_TRUSTED_PROXIES', () => {
  it('trusts no proxy by default: the client address is the socket address', () => {
    expect(parseSettings(BASIC).server.trustedProxies).toEqual([]);
  });

  it('takes addresses, CIDR ranges and the names Express knows', () => {
    const settings = parseSettings({ ...BASIC, MCP_TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,fd00::/8, 192.0.2.7' });

    expect(settings.server.trustedProxies).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
  });

  it('names every entry that is not an address, a range or a known name', () => {
    expect(problemsOf({ MCP_TRUSTED_PROXIES: 'true,10.0.0.0/33,proxy.example.com,127.0.0.1' })).toEqual([
      expect.stringContaining('(got "true, 10.0.0.0/33, proxy.example.com")'),
    ]);
  });
});

// Parsers for single setting values; each records a readable problem instead of throwing.
import { isIP } from 'node:net';

export const KEY_HELP =
  'Create one with `make key` (or `nextcloud-mcp-server generate-key`) and set it as TOKEN_ENCRYPTION_KEY.';

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

export function parseBoolean(name: string, raw: string | undefined, problems: string[]): boolean | undefined {
  if (raw === undefined) return undefined;
  const word = raw.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  problems.push(`${name} must be true or false (got "${raw}").`);
  return undefined;
}

/**
 * A base URL: http(s), without credentials, query or fragment (paths are appended to it), returned as origin plus
 * path without a trailing slash.
 */
export function parseHttpUrl(name: string, raw: string, problems: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} must be an http(s) URL (got "${raw}").`);
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${name} must start with http:// or https:// (got "${raw}").`);
    return undefined;
  }
  if (url.username || url.password) {
    problems.push(`${name} must not contain a user name or password.`);
    return undefined;
  }
  if (raw.includes('?') || raw.includes('#')) {
    problems.push(`${name} must not contain a query (?) or fragment (#).`);
    return undefined;
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function parsePositiveInteger(name: string, raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  problems.push(`${name} must be a positive whole number (got "${raw}").`);
  return undefined;
}

/** An address to listen on: an IP address or a host name (no scheme, port or path). */
export function parseListenHost(name: string, raw: string | undefined, fallback: string, problems: string[]): string {
  if (raw === undefined) return fallback;
  const host = raw.replace(/^\[(.*)\]$/, '$1');
  const isHostName =
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
      host,
    );
  if (isIP(host) !== 0 || isHostName) return host;
  problems.push(
    `${name} must be an IP address or a host name to listen on, such as 127.0.0.1 or 0.0.0.0 (got "${raw}").`,
  );
  return fallback;
}

export function parsePort(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  problems.push(`${name} must be a port number from 0 to 65535 (got "${raw}").`);
  return fallback;
}

export function parsePositiveNumber(name: string, raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (Number.isFinite(value) && value > 0) return value;
  problems.push(`${name} must be a positive number of seconds (got "${raw}").`);
  return undefined;
}

/** TOKEN_ENCRYPTION_KEY (or `name`): base64 (standard or URL-safe) of exactly 32 bytes. */
export function parseEncryptionKey(
  raw: string,
  problems: string[],
  name = 'TOKEN_ENCRYPTION_KEY',
): Uint8Array | undefined {
  const normalized = raw.replace(/-/g, '+').replace(/_/g, '/');
  const isBase64 = /^[A-Za-z0-9+/]+={0,2}$/.test(normalized);
  const bytes = isBase64 ? Buffer.from(normalized, 'base64') : Buffer.alloc(0);
  if (bytes.length === 32) return new Uint8Array(bytes);
  problems.push(`${name} must be the base64 encoding of 32 random bytes. ${KEY_HELP}`);
  return undefined;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Trusted reverse proxies: IP addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. */
export function parseTrustedProxies(name: string, items: string[], problems: string[]): string[] {
  const valid = items.filter((item) => {
    if (PROXY_RANGE_NAMES.has(item)) return true;
    const [address = '', prefix, ...rest] = item.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    return family !== 0 && prefixOk && rest.length === 0;
  });
  if (valid.length < items.length) {
    const bad = items.filter((item) => !valid.includes(item)).join(', ');
    problems.push(`${name} must list IP addresses, CIDR ranges or loopback, linklocal, uniquelocal (got "${bad}").`);
  }
  return valid;
}

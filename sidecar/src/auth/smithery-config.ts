// Smithery mode: each request names its Nextcloud and credentials (query parameters or headers) and nothing is kept;
// the Nextcloud URL is a base URL only (origin and path), and special-purpose addresses are refused.
import { isIP } from 'node:net';
import type { Request } from 'express';
import { InvalidInputError } from '../errors.js';
import { addressRefusal, normalizeHostName, type AddressPolicy } from '../net/address-policy.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { parseHttpUrl } from '../settings/parsers.js';
import { isAppPasswordFormat } from './app-password-pattern.js';

export interface SmitheryConfig {
  host: string;
  credentials: NextcloudCredentials;
}

/**
 * Throws InvalidInputError (400) naming every problem; a literal address the policy refuses is refused here, before
 * anything connects (host names are checked when the connection is made, after DNS resolution).
 */
export function readSmitheryConfig(req: Request, policy: AddressPolicy): SmitheryConfig {
  const read = (name: string) => {
    const fromQuery = req.query[name];
    const value = typeof fromQuery === 'string' ? fromQuery : req.get(`x-${name.replace(/_/g, '-')}`);
    return value?.trim() ?? '';
  };
  const problems: string[] = [];
  const host = parseHttpUrl('nextcloud_url', read('nextcloud_url'), problems);
  const loginName = read('username');
  const password = read('app_password');
  if (!loginName || loginName.length > 64) problems.push('username is required (at most 64 characters).');
  if (!isAppPasswordFormat(password)) problems.push('app_password must be a Nextcloud app password.');
  if (problems.length > 0 || !host) {
    throw new InvalidInputError(`Invalid configuration: ${problems.join(' ')}`);
  }
  const hostname = normalizeHostName(new URL(host).hostname);
  if (isIP(hostname) && !policy.allowsHostName(hostname) && !policy.allowsAddress(hostname)) throw addressRefusal();
  return { host, credentials: { loginName, password } };
}

/** /.well-known/mcp-config: the per-request configuration of smithery mode, as a JSON schema. */
export const SMITHERY_CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Nextcloud MCP Server configuration',
  type: 'object',
  required: ['nextcloud_url', 'username', 'app_password'],
  properties: {
    nextcloud_url: {
      type: 'string',
      format: 'uri',
      description: 'Base URL of your Nextcloud, e.g. https://cloud.example.com (no query or fragment)',
    },
    username: { type: 'string', maxLength: 64, description: 'Your Nextcloud login name' },
    app_password: {
      type: 'string',
      description: 'An app password from Nextcloud: Settings > Security > Devices & sessions',
    },
  },
  'x-query-style': 'dot+bracket',
} as const;

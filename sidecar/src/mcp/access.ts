// Who an MCP request acts for and with which Nextcloud credentials, by auth mode (design.md §4).
import type { Request } from 'express';
import { isAppPasswordFormat } from '../auth/app-password-pattern.js';
import { extractBasicCredentials } from '../auth/basic-credentials.js';
import { extractBearerToken } from '../auth/bearer-token.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import { InvalidInputError } from '../errors.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { buildNextcloudUrl } from '../platform/urls.js';
import type { Settings } from '../settings/settings.js';
import { parseHttpUrl } from '../settings/parsers.js';
import type { AppPasswordStore } from '../store/app-passwords.js';

export interface NextcloudAccess {
  host: string;
  /** Who the request acts for: a session stays bound to it. */
  principal: string;
  /** Undefined when the user has not provisioned an app password (oauth mode): tools then explain how to. */
  credentials?: NextcloudCredentials;
  missingCredentialsMessage?: string;
}

export type AccessResolver = (req: Request) => Promise<NextcloudAccess>;

export function createAccessResolver(deps: {
  settings: Settings;
  oauth?: OAuthContext;
  appPasswords?: AppPasswordStore;
}): AccessResolver {
  const { settings } = deps;
  const host = settings.nextcloud.host;
  switch (settings.authMode) {
    case 'basic': {
      const credentials = { loginName: settings.nextcloud.username ?? '', password: settings.nextcloud.password ?? '' };
      return async () => ({ host, principal: credentials.loginName, credentials });
    }
    case 'multi_user_basic':
      return async (req) => {
        const credentials = extractBasicCredentials(req.get('authorization'));
        return { host, principal: credentials.loginName, credentials };
      };
    case 'smithery':
      return async (req) => readSmitheryConfig(req);
    case 'oauth':
      return async (req) => resolveOAuthAccess(req, deps);
  }
}

async function resolveOAuthAccess(
  req: Request,
  deps: { settings: Settings; oauth?: OAuthContext; appPasswords?: AppPasswordStore },
): Promise<NextcloudAccess> {
  const { mcpVerifier } = deps.oauth!.ready();
  const { subject } = await mcpVerifier.verify(extractBearerToken(req.get('authorization'), mcpVerifier.challenge));
  const host = deps.settings.nextcloud.host;
  const stored = deps.appPasswords?.get(subject);
  if (!stored) {
    const settingsUrl = buildNextcloudUrl(host, '/index.php/settings/user/mcp_companion');
    return {
      host,
      principal: subject,
      missingCredentialsMessage:
        `No app password is provisioned for ${subject}, so the MCP server cannot reach Nextcloud for you. ` +
        `Create an app password in Nextcloud and save it under Personal settings > MCP Companion: ${settingsUrl}`,
    };
  }
  return { host, principal: subject, credentials: { loginName: stored.loginName, password: stored.password } };
}

/** Smithery: each request names its Nextcloud and credentials (query parameters or headers); nothing is kept. */
function readSmitheryConfig(req: Request): NextcloudAccess {
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
  return { host, principal: `${host} ${loginName}`, credentials: { loginName, password } };
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
      description: 'Base URL of your Nextcloud, e.g. https://cloud.example.com',
    },
    username: { type: 'string', maxLength: 64, description: 'Your Nextcloud login name' },
    app_password: {
      type: 'string',
      description: 'An app password from Nextcloud: Settings > Security > Devices & sessions',
    },
  },
  'x-query-style': 'dot+bracket',
} as const;

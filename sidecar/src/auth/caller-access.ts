// Who an MCP request acts for and with which Nextcloud credentials, by auth mode (docs/architecture.md, "Auth modes"),
// read from the request's headers (and smithery's query) alone, so a caller is known before any body is read.
import type { Request } from 'express';
import type { FailedValidationBudget } from '../limits/failed-validations.js';
import { clientAddressKey } from '../limits/rate-limit.js';
import { UnauthenticatedError } from '../errors.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { buildCompanionSettingsUrl } from '../platform/urls.js';
import { createAddressPolicy, type AddressPolicy } from '../net/address-policy.js';
import type { Settings } from '../settings/settings.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import { extractBasicCredentials } from './basic-credentials.js';
import { callerKey } from '../platform/caller-memo.js';
import type { BasicCredentialCheck } from './basic-credential-check.js';
import type { OAuthContext } from './oauth-context.js';
import { readSmitheryConfig } from './smithery-config.js';

export interface NextcloudAccess {
  host: string;
  /** Who the request acts for (a login name, a user id). */
  principal: string;
  /**
   * What a session stays bound to: the login name with a hash of its password (multi_user_basic), the token's subject
   * (oauth), the one configured user (basic). A request with another key cannot use or end the session.
   */
  sessionKey: string;
  /** Undefined when the user has not provisioned an app password (oauth mode): tools then explain how to. */
  credentials?: NextcloudCredentials;
  missingCredentialsMessage?: string;
}

export type AccessResolver = (req: Request) => Promise<NextcloudAccess>;

/** The budget of failed validations (per client address and in total), with how it tells a request's address. */
export interface FailureLimit extends FailedValidationBudget {
  /** The client address of a request. */
  keyOf(req: Request): string;
}

export interface AccessResolverDeps {
  settings: Settings;
  oauth?: OAuthContext;
  appPasswords?: AppPasswordStore;
  /** multi_user_basic: asks Nextcloud whether a pair is valid, remembering answers briefly. */
  basicCheck?: BasicCredentialCheck;
  /** multi_user_basic: pairs Nextcloud refused, per client address and in total (429 once used up, asking nothing). */
  failedValidations?: FailureLimit;
  /** smithery: the addresses callers may name. */
  addressPolicy?: AddressPolicy;
}

export function createAccessResolver(deps: AccessResolverDeps): AccessResolver {
  const { settings } = deps;
  const host = settings.nextcloud.host;
  switch (settings.authMode) {
    case 'basic': {
      const credentials = { loginName: settings.nextcloud.username ?? '', password: settings.nextcloud.password ?? '' };
      return async () => ({ host, principal: credentials.loginName, sessionKey: 'basic', credentials });
    }
    case 'multi_user_basic':
      return async (req) => {
        const credentials = extractBasicCredentials(req.get('authorization'));
        await verifyAtNextcloud(req, host, credentials, deps);
        return {
          host,
          principal: credentials.loginName,
          sessionKey: `basic ${callerKey(host, credentials)}`,
          credentials,
        };
      };
    case 'smithery': {
      const policy = deps.addressPolicy ?? createAddressPolicy(settings.mcp.smitheryAllowedHosts);
      return async (req) => {
        const config = readSmitheryConfig(req, policy);
        const principal = `${config.host} ${config.credentials.loginName}`;
        const sessionKey = `smithery ${callerKey(config.host, config.credentials)}`;
        return { host: config.host, principal, sessionKey, credentials: config.credentials };
      };
    }
    case 'oauth':
      return async (req) => resolveOAuthAccess(req, deps);
  }
}

/** Asks Nextcloud (or its remembered answer); a pair it newly refused counts against the budget. */
async function verifyAtNextcloud(
  req: Request,
  host: string,
  credentials: NextcloudCredentials,
  deps: AccessResolverDeps,
): Promise<void> {
  const { basicCheck, failedValidations: limit } = deps;
  if (!basicCheck) return;
  if (!limit || basicCheck.isRemembered(host, credentials)) return basicCheck.verify(host, credentials);
  const validation = await limit.begin(limit.keyOf(req));
  try {
    await basicCheck.verify(host, credentials);
  } catch (error) {
    await validation.end(error instanceof UnauthenticatedError ? 'refused' : 'unknown');
    throw error;
  }
  await validation.end('accepted');
}

async function resolveOAuthAccess(req: Request, deps: AccessResolverDeps): Promise<NextcloudAccess> {
  const { mcpVerifier } = deps.oauth!.ready();
  const { subject } = await mcpVerifier.authenticate(req.get('authorization'), clientAddressKey(req));
  const host = deps.settings.nextcloud.host;
  const sessionKey = `oauth ${subject}`;
  const stored = await deps.appPasswords?.get(subject);
  if (!stored) {
    const settingsUrl = buildCompanionSettingsUrl(host);
    return {
      host,
      principal: subject,
      sessionKey,
      missingCredentialsMessage:
        `No app password is provisioned for ${subject}, so the MCP server cannot reach Nextcloud for you. ` +
        `Create an app password in Nextcloud and save it under Personal settings > MCP Companion: ${settingsUrl}`,
    };
  }
  return {
    host,
    principal: subject,
    sessionKey,
    credentials: { loginName: stored.loginName, password: stored.password },
  };
}

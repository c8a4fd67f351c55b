// Who is calling, and with which Nextcloud credential: the one answer for an MCP request, a management REST request
// and background work for a stored user id, by auth mode (docs/architecture.md, "Auth modes"). A new kind of stored
// credential is added in `storedCredentials` below, and every caller sees it.
import type { Request } from 'express';
import { NotFoundError, UnauthenticatedError } from '../errors.js';
import type { FailedValidationBudget } from '../limits/failed-validations.js';
import { clientAddressKey } from '../limits/rate-limit.js';
import { createAddressPolicy, type AddressPolicy } from '../net/address-policy.js';
import { callerKey } from '../platform/caller-memo.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { buildCompanionSettingsUrl } from '../platform/urls.js';
import type { Settings } from '../settings/settings.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import type { BasicCredentialCheck } from './basic-credential-check.js';
import type { BearerVerifier } from './bearer-verifier.js';
import { extractBasicCredentials } from './basic-credentials.js';
import type { BasicUser } from './basic-user.js';
import type { OAuthContext } from './oauth-context.js';
import { readSmitheryConfig } from './smithery-config.js';

/** Who an MCP request acts for, read from its headers (and smithery's query) alone, before any body is read. */
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
  /**
   * The scopes of the caller's access token when the sidecar's own authorization server issued it: the tools it may
   * use. Undefined for callers without scoped tokens (every other mode, and tokens of Nextcloud's oidc app).
   */
  scopes?: readonly string[];
  /** The OAuth client the access token was issued to (the sidecar's own authorization server). */
  clientId?: string;
}

/** How the MCP endpoint learns a request's access. */
export type AccessResolver = (req: Request) => Promise<NextcloudAccess>;

/** Who calls a management route that serves user data (search, chunk context, sync status, webhooks, previews). */
export interface ManagementCaller {
  /** The Nextcloud user id: what owns the index. */
  userId: string;
  /** Absent when the user has not provisioned an app password (yet). */
  credentials?: NextcloudCredentials;
}

/** The users background work (the knowledge sync) runs for, and the credential it uses for each. */
export interface BackgroundCredentials {
  userIds(): Promise<string[]>;
  get(userId: string): Promise<NextcloudCredentials | undefined>;
}

export interface NextcloudCredentialResolver {
  /** MCP: basic's configured pair, multi_user_basic's verified Basic pair, smithery's config, oauth's stored one. */
  mcpAccess: AccessResolver;
  /**
   * Management routes: the subject of a verified management Bearer token with its stored credential (hybrid and
   * oauth), or basic mode's configured user behind the Host/Origin rule. 401 (no or bad token), 403 (a Host or Origin
   * the rule refuses) or 404 (a mode without either).
   */
  managementCaller(req: Request): Promise<ManagementCaller>;
  /** Background work: basic mode's configured user, or every user with a stored credential. */
  background: BackgroundCredentials;
}

export interface CredentialResolverDeps {
  settings: Pick<Settings, 'authMode' | 'nextcloud' | 'mcp'>;
  /** hybrid and oauth modes: verifies the Bearer tokens. */
  oauth?: OAuthContext;
  /**
   * oauth mode with MCP_AUTHORIZATION_SERVER=sidecar: verifies the sidecar's own access tokens for /mcp (locally, with
   * the keys in hand); the token's scopes go on the access.
   */
  sidecarTokens?: BearerVerifier;
  /** The credentials users provisioned (needs an encryption key). */
  appPasswords?: Pick<AppPasswordStore, 'get' | 'listUserIds'>;
  /** basic mode with a configured pair: its user, resolved once to its user id (REST and background callers). */
  basicUser?: BasicUser;
  /** basic mode, REST: the DNS-rebinding rule of /mcp (nothing in the request proves who sends it). */
  hostOrigin: (req: Request) => void;
  /** multi_user_basic: asks Nextcloud whether a pair is valid, remembering answers briefly. */
  basicCheck?: BasicCredentialCheck;
  /** multi_user_basic: pairs Nextcloud refused, per client address and in total (429 once used up, asking nothing). */
  failedValidations?: FailedValidationBudget;
  /** smithery: the addresses callers may name (default: from the settings). */
  addressPolicy?: AddressPolicy;
}

export function createCredentialResolver(deps: CredentialResolverDeps): NextcloudCredentialResolver {
  const stored = storedCredentials(deps);
  return {
    mcpAccess: mcpAccessFor(deps, stored),
    managementCaller: async (req) => {
      if (deps.basicUser) {
        deps.hostOrigin(req);
        return { userId: await deps.basicUser.userId(), credentials: deps.basicUser.credentials };
      }
      if (!deps.oauth) {
        throw new NotFoundError('The knowledge index needs background access: basic, hybrid or oauth mode.');
      }
      const { managementVerifier } = deps.oauth.ready();
      const token = await managementVerifier.authenticate(req.get('authorization'), clientAddressKey(req));
      return { userId: token.subject, credentials: await stored.get(token.subject) };
    },
    background: deps.basicUser ? configuredUserOnly(deps.basicUser) : stored,
  };
}

/** basic mode's configured pair (empty when unset: Nextcloud then refuses it), for MCP over HTTP and stdio alike. */
export function configuredAccess(settings: Pick<Settings, 'nextcloud'>, sessionKey: string): NextcloudAccess {
  const credentials = { loginName: settings.nextcloud.username ?? '', password: settings.nextcloud.password ?? '' };
  return { host: settings.nextcloud.host, principal: credentials.loginName, sessionKey, credentials };
}

/** The credentials the sidecar holds for users, by user id: today the app passwords they provisioned. */
function storedCredentials(deps: CredentialResolverDeps): BackgroundCredentials {
  const { appPasswords } = deps;
  return {
    userIds: async () => (await appPasswords?.listUserIds()) ?? [],
    get: async (userId) => {
      const found = await appPasswords?.get(userId);
      return found && { loginName: found.loginName, password: found.password };
    },
  };
}

function configuredUserOnly(user: BasicUser): BackgroundCredentials {
  return {
    userIds: async () => [await user.userId()],
    get: async (userId) => ((await user.userId()) === userId ? user.credentials : undefined),
  };
}

function mcpAccessFor(deps: CredentialResolverDeps, stored: BackgroundCredentials): AccessResolver {
  const { settings } = deps;
  const host = settings.nextcloud.host;
  switch (settings.authMode) {
    case 'basic': {
      const access = configuredAccess(settings, 'basic');
      return async () => access;
    }
    case 'multi_user_basic': {
      const inFlight = new Map<string, Promise<void>>();
      return async (req) => {
        const credentials = extractBasicCredentials(req.get('authorization'));
        await verifyAtNextcloud(req, host, credentials, deps, inFlight);
        return {
          host,
          principal: credentials.loginName,
          sessionKey: `basic ${callerKey(host, credentials)}`,
          credentials,
        };
      };
    }
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
      if (deps.sidecarTokens) return sidecarTokenAccess(deps.sidecarTokens, host, stored);
      return async (req) => {
        const { mcpVerifier } = deps.oauth!.ready();
        const { subject } = await mcpVerifier.authenticate(req.get('authorization'), clientAddressKey(req));
        const credentials = await stored.get(subject);
        const access = { host, principal: subject, sessionKey: `oauth ${subject}` };
        return credentials
          ? { ...access, credentials }
          : { ...access, missingCredentialsMessage: missing(host, subject) };
      };
  }
}

/** oauth mode with the sidecar as authorization server: its token names the user, its client and its scopes. */
function sidecarTokenAccess(verifier: BearerVerifier, host: string, stored: BackgroundCredentials): AccessResolver {
  return async (req) => {
    const token = await verifier.authenticate(req.get('authorization'), clientAddressKey(req));
    const credentials = await stored.get(token.subject);
    const access = {
      host,
      principal: token.subject,
      sessionKey: `oauth ${token.subject}`,
      scopes: token.scopes,
      clientId: token.clientId,
    };
    return credentials
      ? { ...access, credentials }
      : { ...access, missingCredentialsMessage: missing(host, token.subject) };
  };
}

function missing(host: string, subject: string): string {
  const settingsUrl = buildCompanionSettingsUrl(host);
  return (
    `No app password is provisioned for ${subject}, so the MCP server cannot reach Nextcloud for you. ` +
    `Create an app password in Nextcloud and save it under Personal settings > MCP Companion: ${settingsUrl}`
  );
}

/**
 * Asks Nextcloud (or its remembered answer); a pair it newly refused counts against the budget. Requests with a pair
 * whose validation is under way join it (`inFlight`, by pair), so a burst of one pair is one validation, not one per
 * request against the budget (the burst after start-up, when every request waits for the MCP side to load).
 */
async function verifyAtNextcloud(
  req: Request,
  host: string,
  credentials: NextcloudCredentials,
  deps: CredentialResolverDeps,
  inFlight: Map<string, Promise<void>>,
): Promise<void> {
  const { basicCheck, failedValidations: limit } = deps;
  if (!basicCheck) return;
  if (!limit || basicCheck.isRemembered(host, credentials)) return basicCheck.verify(host, credentials);
  const key = callerKey(host, credentials);
  const running = inFlight.get(key);
  if (running) return running;
  const validation = (async () => {
    const budget = await limit.begin(clientAddressKey(req));
    try {
      await basicCheck.verify(host, credentials);
    } catch (error) {
      await budget.end(error instanceof UnauthenticatedError ? 'refused' : 'unknown');
      throw error;
    }
    await budget.end('accepted');
  })();
  inFlight.set(key, validation);
  try {
    await validation;
  } finally {
    inFlight.delete(key);
  }
}

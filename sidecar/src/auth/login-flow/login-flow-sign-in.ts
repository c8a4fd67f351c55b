// Signing a user in through Nextcloud's Login Flow v2: start a flow (an opaque flow id and the URL where the user
// logs in), then poll it until Nextcloud hands over an app password, which becomes that user's stored Nextcloud
// credential (the one tools and the background sync use), exactly as a provisioned app password would.
import { createHash, randomBytes } from 'node:crypto';
import { ForbiddenError, InvalidInputError, UnauthenticatedError, UpstreamError } from '../../errors.js';
import type { Logger } from '../../logging/logger.js';
import type { HttpClient } from '../../net/http-client.js';
import { revokeAppPassword } from '../../platform/app-password-revocation.js';
import { fetchCurrentUser } from '../../platform/current-user.js';
import {
  pollLoginFlow,
  startLoginFlow,
  type LoginFlowClientDeps,
} from '../../platform/login-flow/login-flow-client.js';
import type { AppPasswordStore } from '../../store/app-passwords.js';
import type { ClaimedLoginFlow, LoginFlowGrant, LoginFlowStore } from '../../store/login-flows.js';
import { isAppPasswordFormat } from '../app-password-pattern.js';

export interface StartedSignIn {
  /** Opaque and random (not Nextcloud's poll token); whoever holds it may poll the flow. */
  flowId: string;
  /** Where the user logs in to Nextcloud and grants access (open it in the user's browser). */
  loginUrl: string;
  expiresAt: Date;
}

export type SignInOutcome =
  | { status: 'pending' }
  /**
   * Answered once; the app password is already stored as `userId`'s credential. `appPassword` is for the owner who
   * started the flow (the companion keeps its own encrypted copy); never logged.
   */
  | { status: 'granted'; userId: string; loginName: string; appPassword: string }
  /** No such flow: it expired, was granted already, or never existed. Start a new one. */
  | { status: 'expired' };

export interface LoginFlowSignIn {
  /**
   * Starts a flow at Nextcloud. `callerKey` bounds the flows one caller may have pending (a client address, a user
   * id); `userId`, when the caller already knows who signs in, refuses a grant by anyone else.
   */
  start(request: { callerKey: string; userId?: string }): Promise<StartedSignIn>;
  /**
   * Asks Nextcloud at most once a second per flow; throws InvalidInputError for a malformed flow id. With
   * `callerKey`, a flow another caller started answers `expired`.
   */
  poll(flowId: unknown, options?: { callerKey?: string; requestId?: string }): Promise<SignInOutcome>;
}

export interface LoginFlowSignInDeps {
  flows: LoginFlowStore;
  appPasswords: AppPasswordStore;
  http: HttpClient;
  /** NEXTCLOUD_HOST. */
  nextcloudHost: string;
  /** Nextcloud's address as browsers see it (NEXTCLOUD_PUBLIC_ISSUER_URL), when it differs from NEXTCLOUD_HOST. */
  publicNextcloudUrl?: string;
  /** Per request to Nextcloud. */
  timeoutMs: number;
  logger: Logger;
  clock?: () => Date;
}

/** Nextcloud forgets a flow after 20 minutes. */
export const LOGIN_FLOW_LIFETIME_MS = 20 * 60_000;
/** At most one poll of Nextcloud per flow in this time. */
export const LOGIN_FLOW_POLL_INTERVAL_MS = 1_000;
/** A poll's claim on its flow; longer than the requests it makes, so a replica that died frees it after this. */
const CLAIM_MS = 60_000;
const FLOW_ID = /^[A-Za-z0-9_-]{43}$/;

export function createLoginFlowSignIn(deps: LoginFlowSignInDeps): LoginFlowSignIn {
  const clock = deps.clock ?? (() => new Date());
  const nextcloud: LoginFlowClientDeps = {
    http: deps.http,
    host: deps.nextcloudHost,
    publicHost: deps.publicNextcloudUrl,
    timeoutMs: deps.timeoutMs,
  };

  const finishGrant = async (flow: ClaimedLoginFlow, grant: LoginFlowGrant, requestId?: string) => {
    const credentials = { loginName: grant.loginName, password: grant.appPassword };
    const user = await fetchCurrentUser(deps.http, deps.nextcloudHost, credentials, deps.timeoutMs).catch(
      async (error: unknown) => {
        if (error instanceof UnauthenticatedError) await deps.flows.remove(flow.flowKey);
        throw error instanceof UnauthenticatedError
          ? new UpstreamError('Nextcloud did not accept the app password it granted; sign in again.')
          : error;
      },
    );
    if (flow.userId !== undefined && user.id !== flow.userId) {
      await deps.flows.remove(flow.flowKey);
      await revokeAppPassword(deps.http, deps.nextcloudHost, credentials, deps.timeoutMs).catch((error: unknown) =>
        deps.logger.warn({ requestId, err: error }, 'revoking the app password of another user failed'),
      );
      throw new ForbiddenError('You logged in to Nextcloud as another user; log in as yourself and try again.');
    }
    await deps.appPasswords.store(user.id, credentials, requestId);
    await deps.flows.remove(flow.flowKey);
    return { status: 'granted' as const, userId: user.id, loginName: grant.loginName, appPassword: grant.appPassword };
  };

  /** Nextcloud's grant, kept before anything else happens (it answers 200 only once); undefined while pending. */
  const receiveGrant = async (flow: ClaimedLoginFlow): Promise<LoginFlowGrant | undefined> => {
    const answer = await pollLoginFlow(nextcloud, flow.pollToken);
    if (answer.status === 'pending') return undefined;
    const grant = { loginName: answer.loginName, appPassword: answer.appPassword };
    await deps.flows.keepGrant(flow.flowKey, grant);
    if (!isAppPasswordFormat(grant.appPassword)) {
      await deps.flows.remove(flow.flowKey);
      throw new UpstreamError('Nextcloud granted something that is not an app password; sign in again.');
    }
    return grant;
  };

  return {
    async start({ callerKey, userId }) {
      const expiresAt = new Date(clock().getTime() + LOGIN_FLOW_LIFETIME_MS);
      const started = await startLoginFlow(nextcloud);
      const flowId = randomBytes(32).toString('base64url');
      await deps.flows.save({ flowKey: keyOf(flowId), callerKey, userId, pollToken: started.pollToken, expiresAt });
      return { flowId, loginUrl: started.loginUrl, expiresAt };
    },

    async poll(flowId, { callerKey, requestId } = {}) {
      const flowKey = keyOf(parseFlowId(flowId));
      const now = clock().getTime();
      const flow = await deps.flows.claim(flowKey, new Date(now), new Date(now + CLAIM_MS), callerKey);
      if (flow === undefined) return { status: 'expired' };
      if (flow === 'busy') return { status: 'pending' };
      try {
        const grant = flow.grant ?? (await receiveGrant(flow));
        if (grant) return await finishGrant(flow, grant, requestId);
      } catch (error) {
        await deps.flows.release(flowKey, new Date(now + LOGIN_FLOW_POLL_INTERVAL_MS));
        throw error;
      }
      await deps.flows.release(flowKey, new Date(now + LOGIN_FLOW_POLL_INTERVAL_MS));
      return { status: 'pending' };
    },
  };
}

function parseFlowId(flowId: unknown): string {
  if (typeof flowId !== 'string' || !FLOW_ID.test(flowId)) {
    throw new InvalidInputError('This is not a sign-in id.');
  }
  return flowId;
}

/** The row's key: a digest, so the database never holds an id that could poll the flow. */
function keyOf(flowId: string): string {
  return createHash('sha256').update(flowId).digest('base64url');
}

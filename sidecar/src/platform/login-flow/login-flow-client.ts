// Nextcloud's Login Flow v2, as a client: start a flow without credentials, then poll it for the app password the
// user grants in the browser. The URLs in Nextcloud's answers are checked against Nextcloud's own addresses before
// anything is done with them, and the poll always goes to the configured Nextcloud (never to an address an answer
// names).
import { UpstreamError } from '../../errors.js';
import type { HttpClient } from '../../net/http-client.js';
import { describeFailure } from '../nextcloud-client.js';
import { buildNextcloudUrl, loginFlowPaths, pathBelowNextcloud } from '../urls.js';

export interface LoginFlowClientDeps {
  http: HttpClient;
  /** NEXTCLOUD_HOST: where the sidecar reaches Nextcloud (start and poll go here). */
  host: string;
  /**
   * Nextcloud's address as browsers see it, when the sidecar reaches it through another one (the login URL is
   * handed out there); undefined when both are the same.
   */
  publicHost?: string;
  timeoutMs?: number;
}

export interface StartedLoginFlow {
  /** The secret that polls the flow; whoever holds it gets the app password. */
  pollToken: string;
  /** Where the user logs in and grants access, on Nextcloud's public address. */
  loginUrl: string;
}

export type LoginFlowPoll =
  | { status: 'pending' }
  /** `server` is Nextcloud's own idea of its address; the sidecar keeps using its configured one. */
  | { status: 'granted'; server: string; loginName: string; appPassword: string };

/** POST /index.php/login/v2 (no credentials). Throws UpstreamError when an answer's URL lies outside Nextcloud. */
export async function startLoginFlow(deps: LoginFlowClientDeps): Promise<StartedLoginFlow> {
  const response = await deps.http.request(buildNextcloudUrl(deps.host, loginFlowPaths.start), {
    method: 'POST',
    headers: { accept: 'application/json' },
    timeoutMs: deps.timeoutMs,
  });
  if (response.status !== 200) throw describeFailure(response);
  const answer = readStartAnswer(response.json());
  const bases = [deps.host, ...(deps.publicHost ? [deps.publicHost] : [])];
  const pollPath = pathBelowNextcloud(answer.endpoint, bases);
  const loginPath = pathBelowNextcloud(answer.login, bases);
  if (!pollPath || !POLL_PATHS.has(pollPath) || !loginPath || !LOGIN_PATH.test(loginPath)) {
    throw new UpstreamError('Nextcloud named an address outside itself for the sign-in; it was not followed.');
  }
  return { pollToken: answer.token, loginUrl: buildNextcloudUrl(deps.publicHost ?? deps.host, loginPath) };
}

/** POST the poll endpoint with `token=…`: 404 `[]` while the user has not granted access, 200 once after. */
export async function pollLoginFlow(deps: LoginFlowClientDeps, pollToken: string): Promise<LoginFlowPoll> {
  const response = await deps.http.request(buildNextcloudUrl(deps.host, loginFlowPaths.poll), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: pollToken }).toString(),
    timeoutMs: deps.timeoutMs,
  });
  // Nextcloud cannot tell a pending flow from an unknown or expired one: all answer 404 `[]`.
  if (response.status === 404) return { status: 'pending' };
  if (response.status !== 200) throw describeFailure(response);
  return { status: 'granted', ...readGrant(response.json()) };
}

/** The two forms of the poll endpoint (pretty URLs or not), which answer alike. */
const POLL_PATHS = new Set(['/login/v2/poll', loginFlowPaths.poll]);
const LOGIN_PATH = /^(?:\/index\.php)?\/login\/v2\/flow\/[A-Za-z0-9]+$/;
/** Longer answers are not Nextcloud's (its tokens are 128 characters, app passwords 72). */
const MAX_FIELD_LENGTH = 1024;

function readStartAnswer(body: unknown): { token: string; endpoint: string; login: string } {
  const { poll, login } = (body ?? {}) as { poll?: { token?: unknown; endpoint?: unknown }; login?: unknown };
  const token = poll?.token;
  const endpoint = poll?.endpoint;
  if (!isField(token) || !isField(endpoint) || !isField(login)) {
    throw new UpstreamError('Nextcloud answered the start of the sign-in with something unexpected.');
  }
  return { token, endpoint, login };
}

function readGrant(body: unknown): { server: string; loginName: string; appPassword: string } {
  const { server, loginName, appPassword } = (body ?? {}) as Record<string, unknown>;
  if (!isField(loginName) || !isField(appPassword)) {
    throw new UpstreamError('Nextcloud answered the sign-in without a login name or app password.');
  }
  return { server: typeof server === 'string' ? server : '', loginName, appPassword };
}

function isField(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= MAX_FIELD_LENGTH;
}

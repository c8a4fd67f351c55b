// The platform double: Nextcloud's HTTP APIs as docs/nextcloud-behaviour.md describes them, quirks included, on
// loopback.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleCoreOcs, NEXTCLOUD_VERSION, respondUnknownOcsRoute } from './core-ocs.js';
import { sendJson, type DoubleAccount, type DoubleApp, type DoubleRequest } from './double-app.js';
import { authenticateBasic, toAccount, type Account, type BasicOutcome, type DoubleUser } from './identity.js';
import { createLoginFlows } from './login-flow.js';
import { respondOcs, type OcsVersion } from './ocs-envelope.js';
import { handleUserProvisioning } from './user-provisioning.js';
import { createOidcHandler, type OidcDoubleOptions, type OidcHandler } from './oidc-provider.js';

export type { DoubleUser, MintedAppPassword } from './identity.js';

/** How the double misbehaves, to test the sidecar's handling of a broken Nextcloud. */
export type Fault = 'none' | 'html' | 'drop' | 'status-500';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export interface PlatformDouble {
  /** Base URL, including the sub-path when one was asked for (e.g. http://127.0.0.1:1234/cloud). */
  url: string;
  requests: RecordedRequest[];
  /** Requests whose Basic credentials Nextcloud refused (each one counts toward brute-force protection). */
  failedLogins(): number;
  /** Nextcloud's oidc app, when the double was started with `oidc` options (its issuer is `url`). */
  oidc?: OidcHandler;
  addUser(user: DoubleUser): void;
  revokeAppPassword(userId: string, password: string): void;
  /**
   * The user opened a Login Flow v2 login URL, logged in as `loginName` (default: the id) and granted access; returns
   * the app password the poll hands over.
   */
  grantLoginFlow(loginUrl: string, userId: string, loginName?: string): string;
  /** The most requests that were in progress at the same time (from arrival to the end of the answer) so far. */
  peakConcurrentRequests(): number;
  /** Delay before every answer, in milliseconds (0, the default: answered as the request arrives, with no timer). */
  setLatency(ms: number): void;
  setFault(fault: Fault): void;
  setMaintenance(on: boolean): void;
  close(): Promise<void>;
}

export interface PlatformDoubleOptions {
  users?: DoubleUser[];
  /** Serve Nextcloud under a sub-path such as "/cloud". */
  subPath?: string;
  /** Also serve the oidc app (identity provider) with these options; not combinable with subPath. */
  oidc?: OidcDoubleOptions;
  /** Nextcloud apps to serve (notes, deck, …); each adds its capabilities and routes. */
  apps?: DoubleApp[];
  /** The clock of Login Flow v2's 20-minute life, in milliseconds (default: Date.now). */
  clock?: () => number;
}

export async function startPlatformDouble(options: PlatformDoubleOptions = {}): Promise<PlatformDouble> {
  const users = new Map<string, Account>();
  const apps = options.apps ?? [];
  const state = { latencyMs: 0, fault: 'none' as Fault, maintenance: false, failedLogins: 0 };
  const requests: RecordedRequest[] = [];
  const subPath = (options.subPath ?? '').replace(/\/+$/, '');
  const addUser = (user: DoubleUser) => users.set(user.id, toAccount(user));
  options.users?.forEach(addUser);
  const loginFlows = createLoginFlows(options.clock);

  const concurrency = { now: 0, peak: 0 };
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    concurrency.peak = Math.max(concurrency.peak, (concurrency.now += 1));
    res.once('close', () => (concurrency.now -= 1));
    // At latency 0 it answers in the same turn: a timer of 0 ms waits at least 1 ms in Node, a delay of its own.
    if (state.latencyMs > 0) setTimeout(() => handle(req, res), state.latencyMs);
    else handle(req, res);
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    if (res.destroyed) return;
    if (state.fault === 'drop') return void req.socket.destroy();
    if (state.fault === 'html') return sendHtml(res, 200, '<html><body>Welcome to nginx!</body></html>');
    if (state.fault === 'status-500') return sendHtml(res, 500, '<html><body>Internal Server Error</body></html>');
    if (oidc?.handle(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://double');
    if (!url.pathname.startsWith(`${subPath}/`)) return sendHtml(res, 404, 'Not found');
    const path = url.pathname.slice(subPath.length);
    if (path === '/status.php') return sendStatus(res, state.maintenance);
    const auth = authenticateBasic(users.values(), req.headers.authorization, Date.now());
    if (auth.kind === 'refused') state.failedLogins += 1;
    const ocs = /^\/ocs\/v([12])\.php(\/.*)$/.exec(path);
    if (ocs) {
      const version = Number(ocs[1]) as OcsVersion;
      // Without OCS-APIRequest every OCS call fails the CSRF check, even with valid Basic credentials.
      if (req.headers['ocs-apirequest'] !== 'true') return sendJson(res, 412, { message: 'CSRF check failed' });
      const route = ocs[2] ?? '/';
      const core = { req, res, url, version, route, auth, apps, baseUrl: baseUrlOf(), now: Date.now() };
      if (handleCoreOcs(core)) return;
      // Every other OCS route (core's and the apps') needs a logged-in user.
      if (auth.kind !== 'user') {
        const message = auth.kind === 'refused' ? 'Unauthorised' : 'Current user is not logged in';
        return respondOcs(req, res, url, version, { status: 401, statuscode: 997, message });
      }
      if (route.startsWith('/cloud/users')) {
        return void readFields(req).then((fields) => {
          const outcome = handleUserProvisioning({
            method: req.method ?? 'GET',
            route,
            query: url.searchParams,
            fields,
            caller: auth.account,
            accounts: users,
          });
          if (outcome) respondOcs(req, res, url, version, outcome);
          else respondUnknownOcsRoute(req, res, url, version);
        });
      }
    }
    const flowRequest = {
      method: req.method ?? 'GET',
      path,
      body: () => readAll(req),
      baseUrl: baseUrlOf(),
      accounts: () => users.values(),
    };
    if (loginFlows.handle(flowRequest, res)) return;
    void handleApps(req, res, url, path, auth)
      .then((handled) => {
        if (handled) return;
        if (ocs) return respondUnknownOcsRoute(req, res, url, Number(ocs[1]) as OcsVersion);
        sendHtml(res, 404, 'Not found');
      })
      .catch((error: unknown) => {
        if (!res.headersSent) sendHtml(res, 500, `double failed: ${(error as Error).message}`);
      });
  }

  async function handleApps(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    path: string,
    auth: BasicOutcome,
  ): Promise<boolean> {
    if (apps.length === 0) return false;
    const request = toDoubleRequest(req, url, path, auth, baseUrlOf());
    request.emit = (event) => apps.forEach((app) => app.onEvent?.(event, request.user));
    request.accounts = () =>
      [...users.values()].map(({ id, displayName, email, groups }) => ({
        id,
        loginName: id,
        displayName,
        email,
        groups,
      }));
    for (const app of apps) if (await app.handle(request, res)) return true;
    return false;
  }

  const baseUrlOf = () => `http://127.0.0.1:${port}${subPath}`;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const oidc = options.oidc ? createOidcHandler(`http://127.0.0.1:${port}`, options.oidc) : undefined;

  return {
    url: `http://127.0.0.1:${port}${subPath}`,
    requests,
    failedLogins: () => state.failedLogins,
    oidc,
    addUser,
    revokeAppPassword: (userId, password) => {
      const account = users.get(userId);
      if (account) account.appPasswords = account.appPasswords.filter((entry) => entry.password !== password);
    },
    grantLoginFlow: (loginUrl, userId, loginName) => {
      const account = users.get(userId);
      if (!account) throw new Error(`No user ${userId}`);
      return loginFlows.grant(loginUrl, account, loginName ?? userId, baseUrlOf());
    },
    peakConcurrentRequests: () => concurrency.peak,
    setLatency: (ms) => void (state.latencyMs = ms),
    setFault: (fault) => void (state.fault = fault),
    setMaintenance: (on) => void (state.maintenance = on),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toDoubleRequest(
  req: IncomingMessage,
  url: URL,
  path: string,
  auth: BasicOutcome,
  baseUrl: string,
): DoubleRequest {
  const readBody = () => readAll(req);
  const account: DoubleAccount | undefined =
    auth.kind === 'user'
      ? {
          id: auth.account.id,
          loginName: auth.loginName,
          displayName: auth.account.displayName,
          email: auth.account.email,
          groups: auth.account.groups,
        }
      : undefined;
  return {
    method: req.method ?? 'GET',
    path,
    url,
    headers: req.headers,
    user: account,
    baseUrl,
    body: readBody,
    json: async () => {
      const bytes = await readBody();
      return bytes.length === 0 ? undefined : (JSON.parse(bytes.toString('utf8')) as unknown);
    },
    raw: req,
  };
}

/** The request body, read once (later calls get the same bytes). */
function readAll(req: IncomingMessage): Promise<Buffer> {
  const cached = bodies.get(req);
  if (cached) return cached;
  const body = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
  bodies.set(req, body);
  return body;
}

const bodies = new WeakMap<IncomingMessage, Promise<Buffer>>();

/** Form or JSON fields of a body, as strings. */
async function readFields(req: IncomingMessage): Promise<Record<string, string>> {
  const text = (await readAll(req)).toString('utf8');
  if (text.trim().startsWith('{')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function sendStatus(res: ServerResponse, maintenance: boolean): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      installed: true,
      maintenance,
      needsDbUpgrade: false,
      version: `${NEXTCLOUD_VERSION.string}.2`,
      versionstring: NEXTCLOUD_VERSION.string,
      edition: '',
      productname: 'Nextcloud',
      extendedSupport: false,
    }),
  );
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

// The platform double: Nextcloud's HTTP APIs as platform-api.md describes them, quirks included, on loopback.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DoubleAccount, DoubleApp, DoubleRequest } from './double-app.js';
import { respondOcs, type OcsVersion } from './ocs-envelope.js';
import { createOidcHandler, type OidcDoubleOptions, type OidcHandler } from './oidc-provider.js';

export interface DoubleUser {
  /** The user id (used in DAV paths). */
  id: string;
  /** The name used to log in; defaults to the id (LDAP set-ups differ). */
  loginName?: string;
  displayName?: string;
  email?: string;
  groups?: string[];
  /** The login password (not accepted where Nextcloud wants an app password). */
  loginPassword?: string;
  appPasswords?: string[];
}

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
  /** Nextcloud's oidc app, when the double was started with `oidc` options (its issuer is `url`). */
  oidc?: OidcHandler;
  addUser(user: DoubleUser): void;
  revokeAppPassword(userId: string, password: string): void;
  /** Delay before every answer, in milliseconds. */
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
}

export async function startPlatformDouble(options: PlatformDoubleOptions = {}): Promise<PlatformDouble> {
  const users = new Map<string, Required<DoubleUser>>();
  const apps = options.apps ?? [];
  const state = { latencyMs: 0, fault: 'none' as Fault, maintenance: false };
  const requests: RecordedRequest[] = [];
  const subPath = (options.subPath ?? '').replace(/\/+$/, '');
  const addUser = (user: DoubleUser) => users.set(user.id, normalizeUser(user));
  options.users?.forEach(addUser);

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    setTimeout(() => handle(req, res), state.latencyMs);
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
    if (path === '/ocs/v2.php/cloud/capabilities' || path === '/ocs/v1.php/cloud/capabilities') {
      return respondOcs(req, res, url, path.includes('v1') ? 1 : 2, { status: 200, data: describeCapabilities(apps) });
    }
    void handleApps(req, res, url, path)
      .then((handled) => {
        if (handled) return;
        const ocs = /^\/ocs\/v([12])\.php(\/.*)$/.exec(path);
        if (ocs) return handleOcs(req, res, url, Number(ocs[1]) as OcsVersion, ocs[2] ?? '/');
        sendHtml(res, 404, 'Not found');
      })
      .catch((error: unknown) => {
        if (!res.headersSent) sendHtml(res, 500, `double failed: ${(error as Error).message}`);
      });
  }

  async function handleApps(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> {
    if (apps.length === 0) return false;
    const request = toDoubleRequest(
      req,
      url,
      path,
      authenticate(users, req.headers.authorization),
      `http://127.0.0.1:${port}${subPath}`,
    );
    for (const app of apps) if (await app.handle(request, res)) return true;
    return false;
  }

  function handleOcs(req: IncomingMessage, res: ServerResponse, url: URL, version: OcsVersion, route: string): void {
    const user = authenticate(users, req.headers.authorization);
    if (route === '/cloud/user' && req.method === 'GET') {
      if (!user)
        return respondOcs(req, res, url, version, {
          status: 401,
          statuscode: 997,
          message: 'Current user is not logged in',
        });
      return respondOcs(req, res, url, version, { status: 200, data: describeUser(user) });
    }
    respondOcs(req, res, url, version, {
      status: 404,
      statuscode: 998,
      message:
        'Invalid query, please check the syntax. API specifications are here: http://www.freedesktop.org/wiki/Specifications/open-collaboration-services.',
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const oidc = options.oidc ? createOidcHandler(`http://127.0.0.1:${port}`, options.oidc) : undefined;

  return {
    url: `http://127.0.0.1:${port}${subPath}`,
    requests,
    oidc,
    addUser,
    revokeAppPassword: (userId, password) => {
      const user = users.get(userId);
      if (user) user.appPasswords = user.appPasswords.filter((p) => p !== password);
    },
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

function normalizeUser(user: DoubleUser): Required<DoubleUser> {
  return {
    id: user.id,
    loginName: user.loginName ?? user.id,
    displayName: user.displayName ?? user.id,
    email: user.email ?? `${user.id}@example.com`,
    groups: user.groups ?? ['users'],
    loginPassword: user.loginPassword ?? '',
    appPasswords: [...(user.appPasswords ?? [])],
  };
}

/** Basic `loginName:password`, where the password is an app password or the login password. */
function authenticate(users: Map<string, Required<DoubleUser>>, header: string | undefined) {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const login = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  for (const user of users.values()) {
    if (user.loginName.toLowerCase() !== login.toLowerCase() && user.id !== login) continue;
    if (password && (user.appPasswords.includes(password) || password === user.loginPassword)) return user;
  }
  return undefined;
}

function toDoubleRequest(
  req: IncomingMessage,
  url: URL,
  path: string,
  user: Required<DoubleUser> | undefined,
  baseUrl: string,
): DoubleRequest {
  let body: Promise<Buffer> | undefined;
  const readBody = () =>
    (body ??= new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    }));
  const account: DoubleAccount | undefined = user && {
    id: user.id,
    loginName: user.loginName,
    displayName: user.displayName,
    email: user.email,
    groups: user.groups,
  };
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

/** GET /ocs/v2.php/cloud/capabilities: the server version and each served app's entry. */
function describeCapabilities(apps: DoubleApp[]) {
  const capabilities: Record<string, unknown> = {
    core: { pollinterval: 60, 'webdav-root': 'remote.php/webdav', 'reference-api': true },
  };
  for (const app of apps) {
    const entry = app.capabilities?.();
    if (entry) capabilities[app.id] = entry;
  }
  return {
    version: { major: 32, minor: 0, micro: 1, string: '32.0.1', edition: '', extendedSupport: false },
    capabilities,
  };
}

function describeUser(user: Required<DoubleUser>) {
  return {
    enabled: true,
    storageLocation: `/var/www/html/data/${user.id}`,
    id: user.id,
    lastLogin: Date.now(),
    backend: 'Database',
    quota: { free: 10737418240, used: 1024, total: 10737419264, relative: 0, quota: -3 },
    email: user.email,
    'display-name': user.displayName,
    displayname: user.displayName,
    phone: '',
    address: '',
    website: '',
    twitter: '',
    groups: user.groups,
    language: 'en',
    locale: '',
    backendCapabilities: { setDisplayName: true, setPassword: true },
  };
}

function sendStatus(res: ServerResponse, maintenance: boolean): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      installed: true,
      maintenance,
      needsDbUpgrade: false,
      version: '32.0.1.2',
      versionstring: '32.0.1',
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

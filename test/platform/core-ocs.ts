// Nextcloud's own OCS routes in the double (docs/nextcloud-behaviour.md, "General rules" and "Identity and
// credentials"): who am I, capabilities, the navigation menu, enabled apps, and minting, revoking and rotating app
// passwords.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DoubleApp } from './double-app.js';
import { mintAppPassword, ROTATION_GRACE_MS, type BasicOutcome } from './identity.js';
import { respondOcs, type OcsOutcome, type OcsVersion } from './ocs-envelope.js';

export const NEXTCLOUD_VERSION = { major: 32, minor: 0, micro: 2, string: '32.0.2' };

/** Menu entries each served app brings (`core/navigation/apps`); apps without one (sharing, search) add none. */
const NAVIGATION_ENTRIES: Record<string, [id: string, name: string][]> = {
  files: [['files', 'Files']],
  notes: [['notes', 'Notes']],
  deck: [['deck', 'Deck']],
  news: [['news', 'News']],
  // unverified: Mail's menu entry (source: appinfo/info.xml <navigations> in nextcloud/mail).
  mail: [['mail', 'Mail']],
  tables: [['tables', 'Tables']],
  cookbook: [['cookbook', 'Cookbook']],
  // unverified: Collectives is in the menu of the users it is enabled for (source: nextcloud/collectives
  // appinfo/info.xml, <navigations>)
  collectives: [['collectives', 'Collectives']],
  dav: [
    ['calendar', 'Calendar'],
    ['contacts', 'Contacts'],
  ],
};

const INVALID_QUERY =
  'Invalid query, please check the syntax. API specifications are here: http://www.freedesktop.org/wiki/Specifications/open-collaboration-services.';

export interface CoreOcsRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  version: OcsVersion;
  /** The route below /ocs/v{1,2}.php, e.g. /cloud/user. */
  route: string;
  auth: BasicOutcome;
  apps: DoubleApp[];
  /** The double's base URL (with its sub-path), for absolute links. */
  baseUrl: string;
  now: number;
}

/** Answers one of core's OCS routes; false when the route is not core's (an app's, or unknown). */
export function handleCoreOcs(request: CoreOcsRequest): boolean {
  const { req, route, auth } = request;
  const respond = (outcome: OcsOutcome) => respondOcs(req, request.res, request.url, request.version, outcome);
  const key = `${req.method} ${route}`;
  if (key === 'GET /cloud/capabilities') {
    respond({ status: 200, data: describeCapabilities(request.apps) });
    return true;
  }
  if (!CORE_ROUTES.has(key)) return false;
  if (auth.kind !== 'user') {
    respond({
      status: 401,
      statuscode: 997,
      message: auth.kind === 'refused' ? 'Unauthorised' : 'Current user is not logged in',
    });
    return true;
  }
  const { account } = auth;
  switch (key) {
    case 'GET /cloud/user':
      respond({ status: 200, data: describeUser(auth.account) });
      break;
    case 'GET /core/navigation/apps':
      respond({ status: 200, data: describeNavigation(request.apps, request.baseUrl) });
      break;
    case 'GET /cloud/apps':
      if (!account.groups.includes('admin')) {
        respond({ status: 403, statuscode: 403, message: 'Logged in account must be an admin' });
      } else respond({ status: 200, data: { apps: enabledAppIds(request.apps) } });
      break;
    case 'GET /core/getapppassword':
      if (auth.appPassword !== undefined) {
        respond({ status: 403, message: 'You cannot request an new apppassword with an apppassword' });
        break;
      }
      respond({ status: 200, data: { apppassword: addAppPassword(auth.account, auth.loginName) } });
      break;
    case 'DELETE /core/apppassword':
      if (auth.appPassword === undefined) return respondNoAppPassword(respond);
      account.appPasswords = account.appPasswords.filter((entry) => entry.password !== auth.appPassword);
      account.rotatedUntil.delete(auth.appPassword);
      respond({ status: 200, data: [] });
      break;
    case 'POST /core/apppassword/rotate': {
      if (auth.appPassword === undefined) return respondNoAppPassword(respond);
      const old = auth.appPassword;
      account.appPasswords = account.appPasswords.filter((entry) => entry.password !== old);
      account.rotatedUntil.set(old, request.now + ROTATION_GRACE_MS);
      respond({ status: 200, data: { apppassword: addAppPassword(account, auth.loginName) } });
      break;
    }
  }
  return true;
}

/** Any other OCS route: Nextcloud's "invalid query" (998, HTTP 404). */
export function respondUnknownOcsRoute(req: IncomingMessage, res: ServerResponse, url: URL, version: OcsVersion) {
  respondOcs(req, res, url, version, { status: 404, statuscode: 998, message: INVALID_QUERY });
}

const CORE_ROUTES = new Set([
  'GET /cloud/user',
  'GET /core/navigation/apps',
  'GET /cloud/apps',
  'GET /core/getapppassword',
  'DELETE /core/apppassword',
  'POST /core/apppassword/rotate',
]);

function respondNoAppPassword(respond: (outcome: OcsOutcome) => void): true {
  respond({ status: 403, message: 'no app password in use' });
  return true;
}

function addAppPassword(account: { appPasswords: { password: string; loginName: string }[] }, loginName: string) {
  const password = mintAppPassword();
  account.appPasswords.push({ password, loginName });
  return password;
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
  return { version: { ...NEXTCLOUD_VERSION, edition: '', extendedSupport: false }, capabilities };
}

/** `href` is server-relative (with the sub-path; `/index.php/apps/…`, as on a server without pretty URLs). */
function describeNavigation(apps: DoubleApp[], baseUrl: string) {
  const entries = apps.flatMap((app) => NAVIGATION_ENTRIES[app.id] ?? []);
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return [['dashboard', 'Dashboard'] as const, ...entries].map(([id, name], order) => ({
    id,
    order,
    href: `${basePath}/index.php/apps/${id}/`,
    icon: `${baseUrl}/apps/${id}/img/app.svg`,
    type: 'link',
    name,
    active: false,
    classes: '',
    unread: 0,
  }));
}

function enabledAppIds(apps: DoubleApp[]): string[] {
  const ids = new Set(['dashboard', 'dav', 'files', 'provisioning_api', 'settings']);
  for (const app of apps) {
    if (app.id === 'unified_search') continue; // core's, not an app
    for (const [id] of NAVIGATION_ENTRIES[app.id] ?? [[app.id]]) ids.add(id);
  }
  return [...ids].sort();
}

function describeUser(account: { id: string; displayName: string; email: string; groups: string[]; timeZone: string }) {
  return {
    enabled: true,
    storageLocation: `/var/www/html/data/${account.id}`,
    id: account.id,
    lastLogin: Date.now(),
    backend: 'Database',
    quota: { free: 10737418240, used: 1024, total: 10737419264, relative: 0, quota: -3 },
    email: account.email,
    'display-name': account.displayName,
    displayname: account.displayName,
    phone: '',
    address: '',
    website: '',
    twitter: '',
    groups: account.groups,
    language: 'en',
    locale: '',
    // The personal setting core/timezone, '' when unset.
    timezone: account.timeZone,
    backendCapabilities: { setDisplayName: true, setPassword: true },
  };
}

// The one place that builds Nextcloud URLs; the host may carry a sub-path (https://host/cloud).
import { InvalidInputError } from '../errors.js';

/** `host` without a trailing slash + an absolute `path` (+ query). */
export function buildNextcloudUrl(host: string, path: string, query: Record<string, string> = {}): string {
  const base = host.replace(/\/+$/, '');
  const search = new URLSearchParams(query).toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

export const ocsPaths = {
  currentUser: '/ocs/v2.php/cloud/user',
  capabilities: '/ocs/v2.php/cloud/capabilities',
  navigationApps: '/ocs/v2.php/core/navigation/apps',
  /** DELETE revokes the app password the request authenticates with. */
  appPassword: '/ocs/v2.php/core/apppassword',
} as const;

export function buildStatusUrl(host: string): string {
  return buildNextcloudUrl(host, '/status.php');
}

/** The companion app's personal settings page, where a user saves an app password for the sidecar. */
export function buildCompanionSettingsUrl(host: string): string {
  return buildNextcloudUrl(host, '/index.php/settings/user/mcp_companion');
}

/** The OIDC app's discovery document lives under /index.php (works with and without pretty URLs). */
export function buildOidcDiscoveryUrl(host: string): string {
  return buildNextcloudUrl(host, '/index.php/.well-known/openid-configuration');
}

/**
 * One path segment of a Nextcloud URL, percent-encoded. `.`, `..` and empty names are refused: a URL parser would
 * resolve them and the request would reach another resource than the one named (another user's calendar home).
 */
export function pathSegment(value: string | number): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new InvalidInputError(`"${text}" is not a name: names cannot be empty, "." or "..".`);
  }
  return encodeURIComponent(text);
}

/** Login Flow v2 starts here without credentials; under /index.php, so it works without pretty URLs. */
export const loginFlowPaths = {
  start: '/index.php/login/v2',
  /** Where a flow is polled; the answer names `{server}/login/v2/poll` on a pretty-URL server, which answers alike. */
  poll: '/index.php/login/v2/poll',
} as const;

/**
 * The path (with its query) of `url` below one of `bases` (Nextcloud's addresses, each possibly with a sub-path),
 * or undefined when `url` is not an http(s) URL there: another origin, outside the sub-path, or with user info.
 * Used on URLs that Nextcloud's answers name, before anything is done with them.
 */
export function pathBelowNextcloud(url: string, bases: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.username !== '' || parsed.password !== '') return undefined;
  for (const base of bases) {
    const root = new URL(base);
    const prefix = root.pathname.replace(/\/+$/, '');
    if (parsed.origin === root.origin && parsed.pathname.startsWith(`${prefix}/`)) {
      return `${parsed.pathname.slice(prefix.length)}${parsed.search}`;
    }
  }
  return undefined;
}

/**
 * A link Nextcloud's answer names (a unified search entry's `resourceUrl`) as an absolute URL: a server-relative path
 * resolved against Nextcloud's origin (the path carries Nextcloud's sub-path already), an absolute one kept. Null for
 * anything but http(s), so that no `javascript:` or other scheme reaches a page as a link.
 */
export function resolveNextcloudLink(host: string, link: string): string | null {
  if (link === '') return null;
  try {
    const resolved = new URL(link, host);
    return /^https?:$/.test(resolved.protocol) ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * What two links to the same item on this Nextcloud have in common: the path below Nextcloud without `/index.php`
 * (pretty URLs drop it) and without a trailing slash. Undefined for a link elsewhere.
 */
export function nextcloudLinkKey(host: string, link: string): string | undefined {
  const below = pathBelowNextcloud(link, [host]);
  return below?.replace(/^\/index\.php(?=\/)/, '').replace(/\/+$/, '');
}

// Where a DAV request (or its Destination header) points: the DAV root collection (files, trashbin, versions,
// uploads), the owner's user id and the decoded path segments below it.
import type { DoubleRequest } from '../../double-app.js';
import { encodeHrefPath } from './multistatus.js';

export interface DavLocation {
  /** `files`, `trashbin`, `versions`, `uploads`, or '' for /remote.php/dav itself (SEARCH). */
  root: string;
  owner: string;
  segments: string[];
}

export const DAV_PREFIX = '/remote.php/dav';

/** `path` is below Nextcloud's base, e.g. /remote.php/dav/files/alice/Documents; undefined when malformed. */
export function parseDavLocation(path: string): DavLocation | undefined {
  if (path !== DAV_PREFIX && !path.startsWith(`${DAV_PREFIX}/`)) return undefined;
  const raw = path
    .slice(DAV_PREFIX.length)
    .split('/')
    .filter((segment) => segment !== '');
  const segments: string[] = [];
  for (const segment of raw) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (decoded.includes('/') || decoded === '.' || decoded === '..' || decoded.includes('\0')) return undefined;
    segments.push(decoded);
  }
  const [root = '', owner = '', ...rest] = segments;
  return { root, owner, segments: rest };
}

/** The Destination header as a location on this server; 'missing' without one, undefined when elsewhere. */
export function parseDestination(req: DoubleRequest): DavLocation | 'missing' | undefined {
  const header = req.headers.destination;
  if (typeof header !== 'string' || header === '') return 'missing';
  let url: URL;
  try {
    url = new URL(header, req.baseUrl);
  } catch {
    return undefined;
  }
  const base = new URL(req.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.host !== base.host || !url.pathname.startsWith(`${basePath}/`)) return undefined;
  return parseDavLocation(url.pathname.slice(basePath.length));
}

/** The href of a location, relative to the server root (with the double's sub-path), as sabre writes it. */
export function hrefOf(req: DoubleRequest, root: string, owner: string, segments: string[], isFolder: boolean) {
  const basePath = new URL(req.baseUrl).pathname.replace(/\/+$/, '');
  const path = [root, owner, ...segments].join('/');
  return `${basePath}${DAV_PREFIX}/${encodeHrefPath(path)}${isFolder ? '/' : ''}`;
}

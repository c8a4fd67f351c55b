// The files_sharing app of the platform double: the OCS share API over the files double's files, with Nextcloud's
// status codes, messages and permission quirks, and public links served under /public.php/dav/files/{token}/.
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { respondOcs, type OcsVersion } from '../ocs-envelope.js';
import type { FilesDouble } from './files.js';
import { handlePublicLink } from './sharing/public-links.js';
import { parseExpiry } from './sharing/share-expiry.js';
import { permissionsOnCreate, permissionsOnUpdate } from './sharing/share-permissions.js';
import { describeShare, SHARE_TYPES, type ShareRecord } from './sharing/share-records.js';

export type { ShareRecord } from './sharing/share-records.js';

export interface SharingDoubleOptions {
  /** Where the shared files live: paths are checked against the files double. */
  files: FilesDouble;
  /** User ids and group ids that shares may go to. */
  users?: string[];
  groups?: string[];
  /** "Today" for the expiry check, YYYY-MM-DD. */
  today?: string;
}

export interface SharingDouble extends DoubleApp {
  shares(): ShareRecord[];
  /** Adds a share as if someone had made it (a reshare by another user, or an app's own type such as Deck's 12). */
  addShare(share: Omit<ShareRecord, 'id' | 'token' | 'note' | 'label' | 'expiration' | 'password'>): ShareRecord;
}

type Params = Record<string, string>;
type Outcome = { status: number; statuscode?: number; message?: string; data?: unknown };

const ROUTE = /^\/ocs\/v([12])\.php\/apps\/files_sharing\/api\/v1\/shares(?:\/(\d+))?$/;
const { user: USER, group: GROUP, link: LINK, email: EMAIL } = SHARE_TYPES;

export function createSharingDouble(options: SharingDoubleOptions): SharingDouble {
  const shares: ShareRecord[] = [];
  let nextId = 100;
  const today = options.today ?? '2025-06-01';
  const kindOf = (user: string, path: string) => options.files.findNode(user, path)?.kind;

  const addShare: SharingDouble['addShare'] = (share) => {
    const id = (nextId += 1);
    const record: ShareRecord = { ...share, id, token: null, note: '', label: '', expiration: null, password: null };
    if (share.shareType === LINK || share.shareType === EMAIL) record.token = `tok${record.id}AbCdEfGhIj`;
    shares.push(record);
    return record;
  };
  const describe = (share: ShareRecord, req: DoubleRequest) =>
    describeShare(share, kindOf(share.fileOwner, share.path) === 'folder', req.baseUrl);

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    if (req.path.startsWith('/public.php/dav/files/')) return handlePublicLink(req, res, shares, options.files);
    const match = ROUTE.exec(req.path);
    if (!match) return false;
    const version = Number(match[1]) as OcsVersion;
    const reply = (outcome: Outcome) =>
      respondOcs(req.raw, res, req.url, version, {
        ...outcome,
        statuscode: outcome.statuscode ?? ocsCode(version, outcome.status),
      });
    const account = req.user;
    if (!account) return false; // never: the platform double answers OCS calls without a logged-in user itself
    const user = account.id;
    const params = await readParams(req);
    const id = match[2] === undefined ? undefined : Number(match[2]);
    if (id === undefined && req.method === 'GET') reply(listShares(user, account.groups, params, req));
    else if (id === undefined && req.method === 'POST') reply(createShare(user, params, req));
    else if (id !== undefined) {
      const share = shares.find((s) => s.id === id && (s.sharedBy === user || s.fileOwner === user));
      if (!share) reply({ status: 404, message: 'Wrong share ID, share does not exist' });
      else if (req.method === 'GET') reply({ status: 200, data: [describe(share, req)] });
      else if (req.method === 'PUT') reply(updateShare(share, params, req));
      else if (req.method === 'DELETE') {
        shares.splice(shares.indexOf(share), 1);
        if (share.shareType === USER && share.shareWith) {
          options.files.unmountShare(share.shareWith, share.fileOwner, share.path);
        }
        reply({ status: 200, data: [] });
      } else return false;
    } else return false;
    return true;
  }

  function listShares(user: string, groups: string[], params: Params, req: DoubleRequest): Outcome {
    if (params.shared_with_me === 'true') {
      const toMe = (s: ShareRecord) =>
        (s.shareType === USER && s.shareWith === user) || (s.shareType === GROUP && groups.includes(s.shareWith ?? ''));
      return { status: 200, data: shares.filter(toMe).map((s) => describe(s, req)) };
    }
    const reshares = params.reshares === 'true';
    let selected = shares.filter((s) => s.sharedBy === user || (reshares && s.fileOwner === user));
    if (params.path) {
      const path = normalizePath(params.path);
      if (!kindOf(user, path)) return { status: 404, message: 'Wrong path, file/folder does not exist' };
      if (params.subfiles === 'true') {
        if (kindOf(user, path) !== 'folder') return { status: 400, message: 'Not a directory' };
        selected = selected.filter((s) => parentOf(s.path) === path);
      } else selected = selected.filter((s) => s.path === path);
    }
    return { status: 200, data: selected.map((s) => describe(s, req)) };
  }

  function createShare(user: string, params: Params, req: DoubleRequest): Outcome {
    if (!params.path) return { status: 404, message: 'Please specify a file or folder path' };
    const path = normalizePath(params.path);
    const kind = kindOf(user, path);
    if (!kind) return { status: 404, message: 'Wrong path, file/folder does not exist' };
    const shareType = Number(params.shareType);
    const refusal = checkRecipient(user, shareType, params.shareWith ?? '');
    if (refusal) return refusal;
    const permissions = permissionsOnCreate(shareType, kind, params.permissions);
    if (typeof permissions !== 'number') return permissions;
    const expiration = params.expireDate ? parseExpiry(params.expireDate, today, 404) : null;
    if (expiration && 'status' in expiration) return expiration;
    const isLink = shareType === LINK;
    // The same item shared again with the same recipient answers the existing share (same id), unchanged.
    const existing = shares.find(
      (s) =>
        !isLink &&
        s.sharedBy === user &&
        s.path === path &&
        s.shareType === shareType &&
        s.shareWith === params.shareWith,
    );
    if (existing) return { status: 200, data: describe(existing, req) };
    const shareWith = isLink ? null : (params.shareWith ?? null);
    const share = addShare({ shareType, sharedBy: user, fileOwner: user, path, shareWith, permissions });
    share.expiration = expiration?.value ?? null;
    share.password = params.password && (isLink || shareType === EMAIL) ? params.password : null;
    share.note = params.note ?? '';
    share.label = params.label ?? '';
    // A user share shows the item in the recipient's files (group shares are not mounted by the double).
    if (shareType === USER && shareWith) options.files.mountShare(shareWith, user, path, permissions);
    return { status: 200, data: describe(share, req) };
  }

  function checkRecipient(user: string, shareType: number, shareWith: string): Outcome | undefined {
    if (shareType === USER) {
      if (!options.users?.includes(shareWith)) {
        return { status: 404, message: 'Please specify a valid account to share with' };
      }
      if (shareWith === user) return { status: 403, message: 'Cannot share with yourself' };
    } else if (shareType === GROUP) {
      if (!options.groups?.includes(shareWith)) return { status: 404, message: 'Please specify a valid group' };
    } else if (shareType === EMAIL) {
      if (!/^[^@\s]+@[^@\s]+$/.test(shareWith)) return { status: 404, message: 'Please specify a valid email address' };
    } else if (shareType !== LINK) {
      // An unknown share type fails inside Nextcloud: 500, statuscode 996. unverified: the message, as other OCS
      // calls answer an unexpected server error (source: docs/nextcloud-behaviour.md, "General rules").
      return { status: 500, statuscode: 996, message: 'Internal Server Error\n' };
    }
    return undefined;
  }

  function updateShare(share: ShareRecord, params: Params, req: DoubleRequest): Outcome {
    const keys = ['permissions', 'password', 'expireDate', 'note', 'label', 'hideDownload', 'publicUpload'];
    if (!keys.some((key) => key in params)) return { status: 400, message: 'Wrong or no update parameter given' };
    if ('expireDate' in params) {
      // Unlike create (404), update answers a malformed date with 400.
      const expiration = params.expireDate ? parseExpiry(params.expireDate, today, 400) : { value: null };
      if ('status' in expiration) return expiration;
      share.expiration = expiration.value;
    }
    if ('permissions' in params) {
      const permissions = permissionsOnUpdate(share.shareType, params.permissions ?? '');
      if (typeof permissions !== 'number') return permissions;
      share.permissions = permissions;
    }
    if ('password' in params && (share.shareType === LINK || share.shareType === EMAIL)) {
      share.password = params.password || null;
    }
    if ('note' in params) share.note = params.note ?? '';
    if ('label' in params) share.label = params.label ?? '';
    return { status: 200, data: describe(share, req) };
  }

  return {
    id: 'files_sharing',
    capabilities: () => ({
      api_enabled: true,
      public: {
        enabled: true,
        password: { enforced: false, askForOptionalPassword: false },
        expire_date: { enabled: false },
        upload: true,
      },
      user: { send_mail: false, expire_date: { enabled: true } },
      group_sharing: true,
      group: { enabled: true, expire_date: { enabled: true } },
    }),
    handle,
    shares: () => shares,
    addShare,
  };
}

/** OCS v1 reports 100 for success; v2 mirrors the HTTP status. */
function ocsCode(version: OcsVersion, status: number): number {
  return status < 400 && version === 1 ? 100 : status;
}

/** Query parameters and the body (JSON or form-encoded), merged as Nextcloud's IRequest does. */
async function readParams(req: DoubleRequest): Promise<Params> {
  const params: Params = Object.fromEntries(req.url.searchParams);
  const text = (await req.body()).toString('utf8');
  if (!text) return params;
  const body: Record<string, unknown> = (req.headers['content-type'] ?? '').includes('json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : Object.fromEntries(new URLSearchParams(text));
  for (const [key, value] of Object.entries(body)) if (value !== null) params[key] = String(value);
  return params;
}

function normalizePath(path: string): string {
  const trimmed = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return trimmed || '/';
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

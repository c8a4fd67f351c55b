// The files_sharing app of the platform double: the OCS share API with Nextcloud's status codes and messages.
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { respondOcs, type OcsVersion } from '../ocs-envelope.js';

export interface SharingDoubleOptions {
  /** Each user's files and folders; a trailing slash marks a folder ("/Documents/", "/Documents/a.pdf"). */
  files: Record<string, string[]>;
  /** User ids and group ids that shares may go to. */
  users?: string[];
  groups?: string[];
  /** "Today" for the expiry check, YYYY-MM-DD. */
  today?: string;
}

export interface ShareRecord {
  id: number;
  shareType: number;
  sharedBy: string;
  fileOwner: string;
  path: string;
  shareWith: string | null;
  permissions: number;
  expiration: string | null;
  password: string | null;
  token: string | null;
  note: string;
  label: string;
}

export interface SharingDouble extends DoubleApp {
  shares(): ShareRecord[];
  /** Adds a share as if someone had made it (e.g. a reshare by another user). */
  addShare(share: Omit<ShareRecord, 'id' | 'token' | 'note' | 'label' | 'expiration' | 'password'>): ShareRecord;
}

type Params = Record<string, string>;
type Outcome = { status: number; message?: string; data?: unknown };

const ROUTE = /^\/ocs\/v([12])\.php\/apps\/files_sharing\/api\/v1\/shares(?:\/(\d+))?$/;
const TYPES = { user: 0, group: 1, link: 3, email: 4 } as const;
const READ = 1;
const CREATE = 4;
const DELETE = 8;
const ALL = 31;

export function createSharingDouble(options: SharingDoubleOptions): SharingDouble {
  const shares: ShareRecord[] = [];
  let nextId = 100;
  const today = options.today ?? '2025-06-01';
  const isFolder = (user: string, path: string) => options.files[user]?.includes(`${path}/`) ?? false;
  const exists = (user: string, path: string) => isFolder(user, path) || (options.files[user]?.includes(path) ?? false);

  const addShare: SharingDouble['addShare'] = (share) => {
    const id = (nextId += 1);
    const record: ShareRecord = { ...share, id, token: null, note: '', label: '', expiration: null, password: null };
    if (share.shareType === TYPES.link || share.shareType === TYPES.email) record.token = `tok${record.id}AbCdEfGhIj`;
    shares.push(record);
    return record;
  };

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const match = ROUTE.exec(req.path);
    if (!match) return false;
    const version = Number(match[1]) as OcsVersion;
    const reply = (outcome: Outcome) =>
      respondOcs(req.raw, res, req.url, version, { ...outcome, statuscode: ocsCode(version, outcome.status) });
    if (!req.user) {
      respondOcs(req.raw, res, req.url, version, {
        status: 401,
        statuscode: 997,
        message: 'Current user is not logged in',
      });
      return true;
    }
    const params = await readParams(req);
    const user = req.user.id;
    const id = match[2] === undefined ? undefined : Number(match[2]);
    if (id === undefined && req.method === 'GET') reply(listShares(user, params, req));
    else if (id === undefined && req.method === 'POST') reply(createShare(user, params, req));
    else if (id !== undefined) {
      const share = shares.find((s) => s.id === id && (s.sharedBy === user || s.fileOwner === user));
      if (!share) reply({ status: 404, message: 'Wrong share ID, share does not exist' });
      else if (req.method === 'GET') reply({ status: 200, data: [describe(share, req)] });
      else if (req.method === 'PUT') reply(updateShare(share, params, req));
      else if (req.method === 'DELETE') {
        shares.splice(shares.indexOf(share), 1);
        reply({ status: 200, data: [] });
      } else return false;
    } else return false;
    return true;
  }

  function listShares(user: string, params: Params, req: DoubleRequest): Outcome {
    const reshares = params.reshares === 'true';
    const mine = (s: ShareRecord) => s.sharedBy === user || (reshares && s.fileOwner === user);
    let selected = shares.filter(mine);
    if (params.path) {
      const path = normalizePath(params.path);
      if (!exists(user, path)) return { status: 404, message: 'Wrong path, file/folder does not exist' };
      if (params.subfiles === 'true') {
        if (!isFolder(user, path)) return { status: 400, message: 'Not a directory' };
        selected = selected.filter((s) => parentOf(s.path) === path);
      } else selected = selected.filter((s) => s.path === path);
    }
    return { status: 200, data: selected.map((s) => describe(s, req)) };
  }

  function createShare(user: string, params: Params, req: DoubleRequest): Outcome {
    if (!params.path) return { status: 404, message: 'Please specify a file or folder path' };
    const path = normalizePath(params.path);
    if (!exists(user, path)) return { status: 404, message: 'Wrong path, file/folder does not exist' };
    const shareType = Number(params.shareType);
    const refusal = checkRecipient(user, shareType, params.shareWith ?? '');
    if (refusal) return refusal;
    const isLink = shareType === TYPES.link;
    let permissions = params.permissions ? Number(params.permissions) : isLink ? READ : ALL;
    if (!Number.isInteger(permissions) || permissions < 1 || permissions > ALL) {
      return { status: 400, message: 'Invalid permissions' };
    }
    if (!isFolder(user, path)) permissions &= ~(CREATE | DELETE);
    const expiration = params.expireDate ? parseExpiry(params.expireDate, today, 404) : null;
    if (expiration && 'status' in expiration) return expiration;
    if (
      shares.some((s) => s.path === path && s.shareType === shareType && !isLink && s.shareWith === params.shareWith)
    ) {
      return {
        status: 403,
        message: `Sharing ${path} failed, because this item is already shared with ${params.shareWith}`,
      };
    }
    const share = addShare({
      shareType,
      sharedBy: user,
      fileOwner: user,
      path,
      shareWith: isLink ? null : (params.shareWith ?? null),
      permissions,
    });
    share.expiration = expiration?.value ?? null;
    share.password = params.password && (isLink || shareType === TYPES.email) ? params.password : null;
    share.note = params.note ?? '';
    share.label = params.label ?? '';
    return { status: 200, data: describe(share, req) };
  }

  function checkRecipient(user: string, shareType: number, shareWith: string): Outcome | undefined {
    if (shareType === TYPES.user) {
      if (!options.users?.includes(shareWith)) return { status: 404, message: 'Please specify a valid user' };
      if (shareWith === user) return { status: 403, message: 'Sharing with yourself is not allowed' };
    } else if (shareType === TYPES.group) {
      if (!options.groups?.includes(shareWith)) return { status: 404, message: 'Please specify a valid group' };
    } else if (shareType === TYPES.email) {
      if (!/^[^@\s]+@[^@\s]+$/.test(shareWith)) return { status: 404, message: 'Please specify a valid email address' };
    } else if (shareType !== TYPES.link) return { status: 400, message: 'Unknown share type' };
    return undefined;
  }

  function updateShare(share: ShareRecord, params: Params, req: DoubleRequest): Outcome {
    const keys = ['permissions', 'password', 'expireDate', 'note', 'label', 'hideDownload', 'publicUpload'];
    if (!keys.some((key) => key in params)) return { status: 400, message: 'Wrong or no update parameter given' };
    if ('expireDate' in params) {
      // Unlike create (404), update answers a malformed date with 400.
      const expiration = params.expireDate ? parseExpiry(params.expireDate!, today, 400) : { value: null };
      if ('status' in expiration) return expiration;
      share.expiration = expiration.value;
    }
    if ('permissions' in params) {
      const permissions = Number(params.permissions);
      if (!Number.isInteger(permissions) || permissions < 1 || permissions > ALL) {
        return { status: 400, message: 'Invalid permissions' };
      }
      share.permissions = permissions;
    }
    if ('password' in params && (share.shareType === TYPES.link || share.shareType === TYPES.email)) {
      share.password = params.password || null;
    }
    if ('note' in params) share.note = params.note ?? '';
    if ('label' in params) share.label = params.label ?? '';
    return { status: 200, data: describe(share, req) };
  }

  function describe(share: ShareRecord, req: DoubleRequest) {
    const folder = isFolder(share.fileOwner, share.path);
    const isLink = share.shareType === TYPES.link;
    const passwordHash = share.password ? `$2y$10$${Buffer.from(share.password).toString('base64')}` : null;
    return {
      id: String(share.id),
      share_type: share.shareType,
      uid_owner: share.sharedBy,
      displayname_owner: share.sharedBy,
      permissions: share.permissions,
      can_edit: true,
      can_delete: true,
      stime: 1735725600,
      parent: null,
      expiration: share.expiration,
      token: share.token,
      uid_file_owner: share.fileOwner,
      note: share.note,
      label: share.label,
      displayname_file_owner: share.fileOwner,
      path: share.path,
      item_type: folder ? 'folder' : 'file',
      item_permissions: ALL,
      mimetype: folder ? 'httpd/unix-directory' : 'application/octet-stream',
      has_preview: false,
      storage_id: `home::${share.fileOwner}`,
      storage: 1,
      item_source: 5000 + share.id,
      file_source: 5000 + share.id,
      file_parent: 4999,
      file_target: share.path.slice(share.path.lastIndexOf('/')),
      // Link shares carry the password hash in share_with, not a recipient.
      share_with: isLink ? passwordHash : share.shareWith,
      share_with_displayname: isLink ? '(Shared link)' : share.shareWith,
      mail_send: 0,
      hide_download: 0,
      attributes: null,
      ...(isLink || share.shareType === TYPES.email ? { password: passwordHash, send_password_by_talk: false } : {}),
      ...(isLink ? { url: `${req.baseUrl}/index.php/s/${share.token}` } : {}),
    };
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

function parseExpiry(text: string, today: string, badStatus: number): { value: string } | Outcome {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const date = match ? new Date(`${match[0]}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match?.[0]) {
    return { status: badStatus, message: 'Invalid date, date format must be YYYY-MM-DD' };
  }
  if (match[0] < today) return { status: 404, message: 'Expiration date is in the past' };
  return { value: `${match[0]} 00:00:00` };
}

function normalizePath(path: string): string {
  const trimmed = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return trimmed || '/';
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

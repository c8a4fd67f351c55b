// Shares of the user's files (files_sharing OCS API): list, create, update and delete, normalized.
import type { NextcloudClient } from '../nextcloud-client.js';
import { buildNextcloudUrl } from '../urls.js';
import { describeShareRefusal, REFUSAL_STATUSES } from './share-refusal.js';
import {
  SHARE_TYPE_CODES,
  shareTypeName,
  toPermissionBits,
  toPermissionNames,
  type PermissionName,
  type ShareTypeName,
} from './share-types.js';
import { sharingPaths } from './sharing-paths.js';

export interface Share {
  id: string;
  type: ShareTypeName | 'other';
  /** The user, group or email address; null for public links (Nextcloud puts the password hash there). */
  sharedWith: string | null;
  sharedWithName: string | null;
  path: string;
  itemType: 'file' | 'folder';
  permissions: PermissionName[];
  /** YYYY-MM-DD, or null when the share does not expire. */
  expiresOn: string | null;
  hasPassword: boolean;
  /** The share page of a public link, and the WebDAV address its content downloads from. */
  url: string | null;
  downloadUrl: string | null;
  note: string;
  label: string;
  owner: string;
  fileOwner: string;
}

export interface ShareDraft {
  path: string;
  type: ShareTypeName;
  shareWith?: string;
  permissions?: PermissionName[];
  password?: string;
  /** YYYY-MM-DD */
  expireDate?: string;
  note?: string;
  label?: string;
}

/** Each field present is changed; `expireDate: null` and `password: null` remove them. */
export interface ShareChanges {
  permissions?: PermissionName[];
  password?: string | null;
  expireDate?: string | null;
  note?: string;
  label?: string;
}

export async function listShares(
  client: NextcloudClient,
  filter: { path?: string; reshares?: boolean; subfiles?: boolean } = {},
): Promise<Share[]> {
  const query: Record<string, string> = {};
  if (filter.path !== undefined) query.path = filter.path;
  if (filter.reshares) query.reshares = 'true';
  if (filter.subfiles) query.subfiles = 'true';
  const data = await sendShareRequest(client, sharingPaths.shares(), { query });
  return (Array.isArray(data) ? data : []).map((raw) => toShare(client, raw));
}

export async function createShare(client: NextcloudClient, draft: ShareDraft): Promise<Share> {
  const body: Record<string, unknown> = { path: draft.path, shareType: SHARE_TYPE_CODES[draft.type] };
  if (draft.shareWith !== undefined) body.shareWith = draft.shareWith;
  if (draft.permissions) body.permissions = toPermissionBits(draft.permissions);
  if (draft.password !== undefined) body.password = draft.password;
  if (draft.expireDate !== undefined) body.expireDate = draft.expireDate;
  if (draft.note !== undefined) body.note = draft.note;
  if (draft.label !== undefined) body.label = draft.label;
  return toShare(client, await sendShareRequest(client, sharingPaths.shares(), { method: 'POST', json: body }));
}

export async function updateShare(client: NextcloudClient, shareId: string, changes: ShareChanges): Promise<Share> {
  const body: Record<string, unknown> = {};
  if (changes.permissions) body.permissions = toPermissionBits(changes.permissions);
  if (changes.password !== undefined) body.password = changes.password ?? '';
  if (changes.expireDate !== undefined) body.expireDate = changes.expireDate ?? '';
  if (changes.note !== undefined) body.note = changes.note;
  if (changes.label !== undefined) body.label = changes.label;
  const data = await sendShareRequest(client, sharingPaths.share(shareId), { method: 'PUT', json: body });
  return toShare(client, data);
}

export async function deleteShare(client: NextcloudClient, shareId: string): Promise<void> {
  await sendShareRequest(client, sharingPaths.share(shareId), { method: 'DELETE' });
}

async function sendShareRequest(
  client: NextcloudClient,
  path: string,
  request: { method?: string; query?: Record<string, string>; json?: unknown },
): Promise<unknown> {
  const response = await client.request(path, { ...request, accept: REFUSAL_STATUSES });
  if (REFUSAL_STATUSES.includes(response.status)) throw describeShareRefusal(response);
  return (response.json() as { ocs?: { data?: unknown } } | null)?.ocs?.data;
}

function toShare(client: NextcloudClient, raw: unknown): Share {
  const share = (raw ?? {}) as Record<string, unknown>;
  const type = shareTypeName(Number(share.share_type));
  const isLink = type === 'public_link';
  const token = typeof share.token === 'string' && share.token ? share.token : null;
  return {
    id: String(share.id ?? ''),
    type,
    sharedWith: isLink ? null : optionalText(share.share_with),
    sharedWithName: isLink ? null : optionalText(share.share_with_displayname),
    path: String(share.path ?? ''),
    itemType: share.item_type === 'folder' ? 'folder' : 'file',
    permissions: toPermissionNames(Number(share.permissions ?? 0)),
    expiresOn: optionalText(share.expiration)?.slice(0, 10) ?? null,
    hasPassword: Boolean(optionalText(share.password) ?? (isLink ? optionalText(share.share_with) : null)),
    url: isLink ? optionalText(share.url) : null,
    downloadUrl: isLink && token ? buildNextcloudUrl(client.host, sharingPaths.publicDownload(token)) : null,
    note: String(share.note ?? ''),
    label: String(share.label ?? ''),
    owner: String(share.uid_owner ?? ''),
    fileOwner: String(share.uid_file_owner ?? ''),
  };
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

// Shares of the user's files (files_sharing OCS API): list, create, update and delete, normalized. Nextcloud's own
// reason for a refusal ("Wrong path, file/folder does not exist") reaches the caller through the client's errors.
import { InvalidInputError, UpstreamError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
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
  type: ShareTypeName;
  /** The user, group or email address; null for public links (Nextcloud puts the password hash there). */
  sharedWith: string | null;
  /** Below the owner's home, with a leading slash (`/Documents/report.pdf`). */
  path: string;
  permissions: PermissionName[];
  /** YYYY-MM-DD, or null when the share does not expire. */
  expiresOn: string | null;
  hasPassword: boolean;
  /** The share page of a public link. */
  url: string | null;
}

export interface ShareDraft {
  /** With a leading slash, below the user's home. */
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

/** The shares the user made (of one path, or of the items inside it); types the tools do not know are left out. */
export async function listShares(
  client: NextcloudClient,
  filter: { path?: string; reshares?: boolean; subfiles?: boolean } = {},
): Promise<Share[]> {
  const query: Record<string, string> = {};
  if (filter.path !== undefined) query.path = filter.path;
  if (filter.reshares) query.reshares = 'true';
  if (filter.subfiles) query.subfiles = 'true';
  const data = await client.requestJson<unknown>(sharingPaths.shares(), { query });
  // Nextcloud lists other apps' shares too (Deck's are type 12).
  return (Array.isArray(data) ? data : []).flatMap((raw) => toShare(raw) ?? []);
}

/** A share Nextcloud answered to a create: `created` is false when it answered a share that existed before. */
export interface CreatedShare {
  share: Share;
  created: boolean;
}

/**
 * Creates a share. Nextcloud answers a second share of the same item with the same recipient with the existing
 * share (200, same id), so the ids of the path's shares are read first: an answer with one of them was not created.
 */
export async function createShare(client: NextcloudClient, draft: ShareDraft): Promise<CreatedShare> {
  const body: Record<string, unknown> = { path: draft.path, shareType: SHARE_TYPE_CODES[draft.type] };
  if (draft.shareWith !== undefined) body.shareWith = draft.shareWith;
  if (draft.permissions) body.permissions = nonZeroPermissionBits(draft.permissions);
  if (draft.password !== undefined) body.password = draft.password;
  if (draft.expireDate !== undefined) body.expireDate = draft.expireDate;
  if (draft.note !== undefined) body.note = draft.note;
  if (draft.label !== undefined) body.label = draft.label;
  const existingIds = await shareIdsOf(client, draft.path);
  const share = toKnownShare(await client.requestJson(sharingPaths.shares(), { method: 'POST', json: body }));
  return { share, created: !existingIds.has(share.id) };
}

export async function updateShare(client: NextcloudClient, shareId: string, changes: ShareChanges): Promise<Share> {
  const body: Record<string, unknown> = {};
  if (changes.permissions) body.permissions = nonZeroPermissionBits(changes.permissions);
  if (changes.password !== undefined) body.password = changes.password ?? '';
  if (changes.expireDate !== undefined) body.expireDate = changes.expireDate ?? '';
  if (changes.note !== undefined) body.note = changes.note;
  if (changes.label !== undefined) body.label = changes.label;
  return toKnownShare(await client.requestJson(sharingPaths.share(shareId), { method: 'PUT', json: body }));
}

export async function deleteShare(client: NextcloudClient, shareId: string): Promise<void> {
  await client.requestJson(sharingPaths.share(shareId), { method: 'DELETE' });
}

/**
 * The bits of a permission list. Nextcloud stores 0 on a user share as read-only and refuses it on a link, so an
 * empty list is refused here instead of being sent as 0.
 */
function nonZeroPermissionBits(permissions: readonly PermissionName[]): number {
  const bits = toPermissionBits(permissions);
  if (bits === 0) {
    throw new InvalidInputError(
      'permissions needs at least one of read, update, create, delete or share. Leave it out for the default.',
    );
  }
  return bits;
}

/** The ids of every share of the path, by anyone (reshares included) and of any type. */
async function shareIdsOf(client: NextcloudClient, path: string): Promise<Set<string>> {
  const data = await client.requestJson<unknown>(sharingPaths.shares(), { query: { path, reshares: 'true' } });
  return new Set((Array.isArray(data) ? data : []).map((raw) => String((raw as { id?: unknown } | null)?.id ?? '')));
}

/** A share of a type the tools know; undefined for other apps' types. */
function toShare(raw: unknown): Share | undefined {
  const share = (raw ?? {}) as Record<string, unknown>;
  const type = shareTypeName(Number(share.share_type));
  if (type === undefined) return undefined;
  const isLink = type === 'public_link';
  return {
    id: String(share.id ?? ''),
    type,
    sharedWith: isLink ? null : optionalText(share.share_with),
    path: String(share.path ?? ''),
    permissions: toPermissionNames(Number(share.permissions ?? 0)),
    expiresOn: optionalText(share.expiration)?.slice(0, 10) ?? null,
    hasPassword: Boolean(optionalText(share.password) ?? (isLink ? optionalText(share.share_with) : null)),
    url: isLink ? optionalText(share.url) : null,
  };
}

function toKnownShare(raw: unknown): Share {
  const share = toShare(raw);
  if (!share) throw new UpstreamError('Nextcloud answered with a share of a type the tools did not ask for.');
  return share;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

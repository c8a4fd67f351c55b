// The user's trash bin over WebDAV: list deleted items (original name, location, deletion time) and restore one
// to where it was.
import { NotFoundError } from '../../errors.js';
import type { DavAccount } from '../dav/dav-account.js';
import { davTrashPath, davTrashRestoreUrl } from './dav-paths.js';
import {
  buildPropfindBody,
  parseMultistatus,
  textOf,
  toFileEntry,
  type DavResponse,
  type FileEntry,
} from './propfind.js';

export interface TrashItem {
  /** The item's name in the trash bin (`report.md.d1700000000`), which restoring needs. */
  trashName: string;
  originalName: string;
  /** Where it was, with a leading slash, e.g. `/Documents/report.md`. */
  originalLocation: string;
  /** ISO 8601. */
  deletedAt: string | null;
  type: FileEntry['type'];
  size: number;
  contentType: string | null;
}

const TRASH_PROPS = [
  'nc:trashbin-filename',
  'nc:trashbin-original-location',
  'nc:trashbin-deletion-time',
  'd:getcontentlength',
  'd:getcontenttype',
  'd:resourcetype',
  'oc:size',
  'oc:fileid',
];

/** Every item in the trash bin, most recently deleted first. */
export async function listTrash(access: DavAccount): Promise<TrashItem[]> {
  const items = await propfindTrash(access, undefined);
  return items.sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
}

/**
 * Restores one item to its original location (Nextcloud renames it `name (restored).ext` when that name is taken)
 * and returns it as it was listed; NotFoundError when the bin has no such item.
 */
export async function restoreTrashItem(access: DavAccount, trashName: string): Promise<TrashItem> {
  const [item] = await propfindTrash(access, trashName);
  if (!item) throw notInTrash(trashName);
  // No Overwrite header: every name below restore/ looks taken, so `Overwrite: F` would always get 412.
  const response = await access.client.request(davTrashPath(access.userId, trashName), {
    method: 'MOVE',
    headers: { destination: davTrashRestoreUrl(access.client.host, access.userId, trashName) },
    accept: [404],
  });
  if (response.status === 404) throw notInTrash(trashName);
  return item;
}

/** PROPFIND the bin (Depth 1) or one item in it (Depth 0; none when it is not there). */
async function propfindTrash(access: DavAccount, trashName: string | undefined): Promise<TrashItem[]> {
  const response = await access.client.request(davTrashPath(access.userId, trashName), {
    method: 'PROPFIND',
    headers: { depth: trashName === undefined ? '1' : '0', 'content-type': 'application/xml; charset=utf-8' },
    body: buildPropfindBody(TRASH_PROPS),
    accept: [404],
  });
  if (response.status === 404) return [];
  return parseMultistatus(response.text()).flatMap((entry) => toTrashItem(entry, access.userId));
}

function toTrashItem(response: DavResponse, userId: string): TrashItem[] {
  const entry = toFileEntry(response, 'trashbin', userId);
  // Items sit at trash/{name}; the bin itself is trash/.
  if (!entry || entry.segments.length !== 2) return [];
  const deletedSeconds = Number(textOf(response.props['trashbin-deletion-time']));
  const location = textOf(response.props['trashbin-original-location']) ?? '';
  return [
    {
      trashName: entry.name,
      originalName: textOf(response.props['trashbin-filename']) ?? entry.name,
      originalLocation: `/${location.replace(/^\/+/, '')}`,
      deletedAt:
        Number.isFinite(deletedSeconds) && deletedSeconds > 0 ? new Date(deletedSeconds * 1000).toISOString() : null,
      type: entry.type,
      size: entry.size,
      contentType: entry.contentType,
    },
  ];
}

function notInTrash(trashName: string): NotFoundError {
  return new NotFoundError(`The trash bin has no item ${trashName}; list it with nc_files_trash_list.`);
}

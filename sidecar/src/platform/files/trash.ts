// The user's trash bin over WebDAV: list deleted items (original name, location, deletion time) and restore one
// to where it was.
import { NotFoundError } from '../../errors.js';
import { davTrashPath, davTrashRestoreUrl } from './dav-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import { buildPropfindBody, parseMultistatus, textOf, toFileEntry, type FileEntry } from './propfind.js';

export interface TrashItem {
  /** The item's name in the trash bin (`report.md.d1700000000`), which restoring needs. */
  trashName: string;
  originalName: string;
  /** Where it was, below the user's root, e.g. `Documents/report.md`. */
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
  const response = await access.client.request(davTrashPath(access.userId), {
    method: 'PROPFIND',
    headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: buildPropfindBody(TRASH_PROPS),
  });
  const items = parseMultistatus(response.text()).flatMap((response): TrashItem[] => {
    const entry = toFileEntry(response, 'trashbin', access.userId);
    if (!entry || entry.path.split('/').length !== 2) return [];
    const deletedSeconds = Number(textOf(response.props['trashbin-deletion-time']));
    return [
      {
        trashName: entry.name,
        originalName: textOf(response.props['trashbin-filename']) ?? entry.name,
        originalLocation: textOf(response.props['trashbin-original-location']) ?? '',
        deletedAt:
          Number.isFinite(deletedSeconds) && deletedSeconds > 0 ? new Date(deletedSeconds * 1000).toISOString() : null,
        type: entry.type,
        size: entry.size,
        contentType: entry.contentType,
      },
    ];
  });
  return items.sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
}

/** Restores one item to its original location (Nextcloud renames it when that name is taken). */
export async function restoreTrashItem(access: DavAccount, trashName: string): Promise<void> {
  const response = await access.client.request(davTrashPath(access.userId, trashName), {
    method: 'MOVE',
    headers: { destination: davTrashRestoreUrl(access.client.host, access.userId, trashName), overwrite: 'F' },
    accept: [404],
  });
  if (response.status === 404) {
    throw new NotFoundError(`The trash bin has no item named ${trashName}; list it with nc_files_trash_list.`);
  }
}

// Files tools for what was: the trash bin (list, restore) and the earlier versions of a file (list, restore).
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { listTrash, restoreTrashItem } from '../../../platform/files/trash.js';
import { listVersions, restoreVersion } from '../../../platform/files/versions.js';
import { defineTool } from '../../tool-definition.js';
import { fileWithId } from './file-id.js';
import { pathInput, plural } from './files-schemas.js';
import { ADDITIVE, DESTRUCTIVE, READ_ONLY } from '../tool-shapes.js';

export const listTrashTool = defineTool({
  name: 'nc_files_trash_list',
  app: 'files',
  title: 'Trash bin',
  description: 'Lists deleted items with where they were, newest first.',
  input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
  output: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        path: z.string(),
        deleted_at: z.string().optional(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ limit }, { nextcloud }) {
    const items = await listTrash(await openDavAccount(nextcloud));
    return {
      items: items.slice(0, limit).map((item) => ({
        id: item.trashName,
        path: item.originalLocation,
        deleted_at: item.deletedAt ?? undefined,
      })),
    };
  },
  summarize: (result) =>
    `${plural(result.items.length, 'item')} in the trash bin.\n` +
    result.items.map((item) => `${item.path}  deleted ${item.deleted_at ?? ''}  (id ${item.id})`).join('\n'),
});

export const restoreTrashTool = defineTool({
  name: 'nc_files_trash_restore',
  app: 'files',
  title: 'Restore from trash',
  description: 'Restores an item of nc_files_trash_list where it was, renamed if the name is taken.',
  input: z.object({ trash_item_id: z.string() }),
  output: z.object({ path: z.string() }),
  annotations: ADDITIVE,
  async run({ trash_item_id }, { nextcloud }) {
    if (!/^[^/\\\x00-\x1f\x7f]{1,300}$/.test(trash_item_id) || trash_item_id === '.' || trash_item_id === '..') {
      throw new InvalidInputError('trash_item_id is an id from nc_files_trash_list, without slashes.');
    }
    const item = await restoreTrashItem(await openDavAccount(nextcloud), trash_item_id);
    return { path: item.originalLocation };
  },
  summarize: (result) => `Restored ${result.path} from the trash bin.`,
});

export const listVersionsTool = defineTool({
  name: 'nc_files_versions_list',
  app: 'files',
  title: 'File versions',
  description: 'Lists the earlier versions of a file, newest first.',
  input: z.object({ path: pathInput }),
  output: z.object({
    versions: z.array(
      z.object({
        id: z.string(),
        modified_at: z.string().optional(),
        size: z.number(),
        author: z.string().optional(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ path }, { nextcloud }) {
    const access = await openDavAccount(nextcloud);
    const versions = await listVersions(access, await fileWithId(access, path, true));
    return {
      versions: versions.map((version) => ({
        id: version.versionId,
        modified_at: version.lastModified ?? undefined,
        size: version.size,
        author: version.author ?? undefined,
      })),
    };
  },
  summarize: (result) =>
    `${plural(result.versions.length, 'earlier version')}.\n` +
    result.versions.map((version) => `${version.modified_at ?? version.id}  ${version.size} bytes`).join('\n'),
});

export const restoreVersionTool = defineTool({
  name: 'nc_files_versions_restore',
  app: 'files',
  title: 'Restore a file version',
  description: 'Makes an earlier version from nc_files_versions_list the current content (the replaced one is kept).',
  input: z.object({ path: pathInput, version_id: z.string() }),
  output: z.object({ path: z.string(), version_id: z.string() }),
  annotations: DESTRUCTIVE,
  async run({ path, version_id }, { nextcloud }) {
    if (!/^\d{1,12}$/.test(version_id)) {
      throw new InvalidInputError('version_id is an id from nc_files_versions_list (digits).');
    }
    const access = await openDavAccount(nextcloud);
    const file = await fileWithId(access, path, true);
    await restoreVersion(access, file.fileId, version_id);
    return { path: file.path, version_id };
  },
  summarize: (result) => `Restored ${result.path} to version ${result.version_id}.`,
});

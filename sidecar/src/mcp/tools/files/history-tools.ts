// Files tools for what was: the trash bin (list, restore) and the earlier versions of a file.
import { z } from 'zod';
import { InvalidInputError, NotFoundError } from '../../../errors.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { statPath } from '../../../platform/files/file-operations.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { listTrash, restoreTrashItem } from '../../../platform/files/trash.js';
import { listVersions } from '../../../platform/files/versions.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, pathInput, plural, READ_ONLY } from './files-schemas.js';

const trashItemOutput = z.object({
  trash_name: z.string().describe('Pass this to nc_files_trash_restore'),
  original_name: z.string(),
  original_location: z.string(),
  deleted_at: z.string().nullable(),
  type: z.enum(['file', 'folder']),
  size: z.number(),
  content_type: z.string().nullable(),
});

export const listTrashTool = defineTool({
  name: 'nc_files_trash_list',
  app: 'files',
  title: 'List the trash bin',
  description: 'Lists deleted files and folders in the trash bin, most recently deleted first, with where they were.',
  input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
  output: z.object({ items: z.array(trashItemOutput), total: z.number() }),
  annotations: READ_ONLY,
  async run({ limit }, { nextcloud }) {
    const items = await listTrash(await openDavAccount(nextcloud));
    return {
      items: items.slice(0, limit).map((item) => ({
        trash_name: item.trashName,
        original_name: item.originalName,
        original_location: item.originalLocation,
        deleted_at: item.deletedAt,
        type: item.type,
        size: item.size,
        content_type: item.contentType,
      })),
      total: items.length,
    };
  },
  summarize: (result) =>
    `${plural(result.total, 'item')} in the trash bin.\n` +
    result.items
      .map((item) => `${item.original_location}  deleted ${item.deleted_at ?? ''}  (${item.trash_name})`)
      .join('\n'),
});

export const restoreTrashTool = defineTool({
  name: 'nc_files_trash_restore',
  app: 'files',
  title: 'Restore from the trash bin',
  description:
    'Restores a deleted item to where it was, by the trash_name that nc_files_trash_list returns. ' +
    'If that name is taken, Nextcloud restores it under a new name.',
  input: z.object({ trash_name: z.string().min(1).max(300) }),
  output: z.object({ trash_name: z.string(), original_location: z.string(), restored: z.boolean() }),
  annotations: ADDITIVE,
  async run({ trash_name }, { nextcloud }) {
    if (/[/\\\x00-\x1f\x7f]/.test(trash_name) || trash_name === '.' || trash_name === '..') {
      throw new InvalidInputError('trash_name is a single name from nc_files_trash_list, without slashes.');
    }
    const access = await openDavAccount(nextcloud);
    const item = (await listTrash(access)).find((entry) => entry.trashName === trash_name);
    if (!item)
      throw new NotFoundError(`The trash bin has no item named ${trash_name}; list it with nc_files_trash_list.`);
    await restoreTrashItem(access, trash_name);
    return { trash_name, original_location: item.originalLocation, restored: true };
  },
  summarize: (result) => `Restored ${result.original_location} from the trash bin.`,
});

export const listVersionsTool = defineTool({
  name: 'nc_files_versions_list',
  app: 'files',
  title: 'List versions of a file',
  description: 'Lists the earlier versions Nextcloud kept of a file (one per overwrite), newest first.',
  input: z.object({ path: pathInput }),
  output: z.object({
    path: z.string(),
    file_id: z.number(),
    current_etag: z.string().nullable(),
    versions: z.array(
      z.object({
        version_id: z.string(),
        last_modified: z.string().nullable(),
        size: z.number(),
        content_type: z.string().nullable(),
        etag: z.string().nullable(),
        label: z.string().nullable(),
        author: z.string().nullable(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ path }, { nextcloud }) {
    const file = parseFilePath(path);
    const access = await openDavAccount(nextcloud);
    const entry = await statPath(access, file);
    if (entry.type === 'folder') throw new InvalidInputError(`${file.text} is a folder; only files have versions.`);
    if (entry.fileId === null) throw new NotFoundError(`Nextcloud did not give a file id for ${file.text}.`);
    const versions = await listVersions(access, entry.fileId);
    return {
      path: entry.path,
      file_id: entry.fileId,
      current_etag: entry.etag,
      versions: versions.map((version) => ({
        version_id: version.versionId,
        last_modified: version.lastModified,
        size: version.size,
        content_type: version.contentType,
        etag: version.etag,
        label: version.label,
        author: version.author,
      })),
    };
  },
  summarize: (result) =>
    `${result.path} has ${plural(result.versions.length, 'earlier version')}.\n` +
    result.versions
      .map((version) => `${version.last_modified ?? version.version_id}  ${version.size} bytes`)
      .join('\n'),
});

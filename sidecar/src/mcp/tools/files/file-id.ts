// The Nextcloud file id of a file given by path, for the APIs that address files by id (versions, comments).
import { InvalidInputError, NotFoundError } from '../../../errors.js';
import type { DavAccount } from '../../../platform/dav/dav-account.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { statPath } from '../../../platform/files/file-operations.js';
import type { FileEntry } from '../../../platform/files/propfind.js';

/** The file at `path` with its id; `filesOnly` refuses folders (they have no versions). */
export async function fileWithId(
  access: DavAccount,
  path: string,
  filesOnly = false,
): Promise<FileEntry & { fileId: number }> {
  const file = parseFilePath(path);
  const entry = await statPath(access, file);
  if (filesOnly && entry.type === 'folder') {
    throw new InvalidInputError(`${file.text} is a folder; only files have versions.`);
  }
  const { fileId } = entry;
  if (fileId === null) throw new NotFoundError(`Nextcloud did not give a file id for ${file.text}.`);
  return { ...entry, fileId };
}

// File and folder operations on the user's files over WebDAV: stat, list, safe writes (If-Match / If-None-Match),
// folders, move, copy and delete, with errors that say what to do next.
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, UpstreamError } from '../../errors.js';
import { davFilesPath, davFilesUrl, toFilePath, type FilePath } from './dav-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import { propfindFiles, unquoteEtag, type FileEntry } from './propfind.js';

export type WriteMode = { mode: 'create' } | { mode: 'overwrite'; etag: string };

export interface WriteOutcome {
  etag: string | null;
  fileId: number | null;
  created: boolean;
}

/** The entry of one file or folder; NotFoundError when there is none. */
export async function statPath(access: DavAccount, path: FilePath): Promise<FileEntry> {
  const entry = await findPath(access, path);
  if (!entry) throw new NotFoundError(`There is no file or folder at ${path.text}.`);
  return entry;
}

/** The entry, or undefined when nothing is at `path`. */
export async function findPath(access: DavAccount, path: FilePath): Promise<FileEntry | undefined> {
  return (await propfindFiles(access, path, 0))?.[0];
}

/** A folder's entries (not the folder itself), in Nextcloud's order. */
export async function listFolder(
  access: DavAccount,
  path: FilePath,
): Promise<{ folder: FileEntry; entries: FileEntry[] }> {
  const all = await propfindFiles(access, path, 1);
  if (!all) throw new NotFoundError(`There is no folder at ${path.text}.`);
  const folder = all.find((entry) => entry.path === path.text);
  if (!folder) throw new UpstreamError('Nextcloud did not describe the folder itself.');
  if (folder.type !== 'folder') throw new InvalidInputError(`${path.text} is a file, not a folder.`);
  return { folder, entries: all.filter((entry) => entry !== folder) };
}

/** PUT with If-None-Match: * (create) or If-Match (overwrite), so nobody's changes are lost. */
export async function writeFile(
  access: DavAccount,
  path: FilePath,
  content: Uint8Array,
  write: WriteMode,
): Promise<WriteOutcome> {
  const precondition: Record<string, string> =
    write.mode === 'create' ? { 'if-none-match': '*' } : { 'if-match': `"${unquoteEtag(write.etag) ?? ''}"` };
  const response = await access.client.request(davFilesPath(access.userId, path), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...precondition },
    body: content,
    timeoutMs: 120_000,
    accept: [404, 409, 412],
  });
  // A missing parent folder is 404 ("File with name //nope could not be located"), and so is a parent that is a file
  // ("Node with name 'a.txt' could not be found"); a folder at the path itself is 409.
  if (response.status === 404 || response.status === 409) throw await describeMissingParent(access, path);
  if (response.status === 412) throw describeFailedWrite(path, write, headerText(response.headers.etag));
  return {
    etag: responseEtag(response.headers),
    fileId: parseFileId(headerText(response.headers['oc-fileid'])),
    created: response.status === 201,
  };
}

/** MKCOL; `created` is false when the folder was already there. */
export async function makeFolder(access: DavAccount, path: FilePath): Promise<{ created: boolean }> {
  const response = await access.client.request(davFilesPath(access.userId, path), {
    method: 'MKCOL',
    accept: [405, 409],
  });
  if (response.status === 409) throw await describeMissingParent(access, path);
  if (response.status === 405) {
    const existing = await findPath(access, path);
    if (existing?.type !== 'folder') throw new ConflictError(`A file already exists at ${path.text}.`);
    return { created: false };
  }
  return { created: true };
}

/** MOVE or COPY to `destination`; `replaced` is true when an item there was overwritten. */
export async function transferItem(
  access: DavAccount,
  method: 'MOVE' | 'COPY',
  source: FilePath,
  destination: FilePath,
  overwrite: boolean,
): Promise<{ replaced: boolean }> {
  const response = await access.client.request(davFilesPath(access.userId, source), {
    method,
    headers: {
      destination: davFilesUrl(access.client.host, access.userId, destination),
      overwrite: overwrite ? 'T' : 'F',
    },
    timeoutMs: 120_000,
    accept: [403, 404, 409, 412],
  });
  if (response.status === 404) throw new NotFoundError(`There is no file or folder at ${source.text}.`);
  if (response.status === 412) {
    throw new ConflictError(`Something already exists at ${destination.text}; pass overwrite true to replace it.`);
  }
  if (response.status === 409) {
    const into = destination.text.startsWith(`${source.text}/`);
    if (into) throw new InvalidInputError('A folder cannot be moved or copied into itself.');
    throw await describeMissingParent(access, destination);
  }
  if (response.status === 403) throw new ForbiddenError(`Nextcloud does not allow this ${method.toLowerCase()}.`);
  return { replaced: response.status === 204 };
}

/** DELETE; Nextcloud keeps the item in the trash bin (when the trash bin app is on). */
export async function deleteItem(access: DavAccount, path: FilePath): Promise<void> {
  const response = await access.client.request(davFilesPath(access.userId, path), { method: 'DELETE', accept: [404] });
  if (response.status === 404) throw new NotFoundError(`There is no file or folder at ${path.text}.`);
}

/** Why nothing can be created in `parent`: it is a file, or it does not exist (`entry` is what is there). */
export function describeUnusableParent(parent: FilePath, entry: FileEntry | undefined): Error {
  if (entry?.type === 'file') {
    return new ConflictError(`${parent.text} is a file, not a folder; nothing can be created inside it.`);
  }
  return new NotFoundError(`The folder ${parent.text} does not exist; create it first with nc_files_mkdir.`);
}

/** The numeric file id of an OC-FileId header (`00000123ocabcdef` → 123). */
export function parseFileId(header: string | undefined): number | null {
  const digits = /^(\d+)/.exec(header ?? '');
  const id = digits ? Number(digits[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The ETag of a file answer (GET, PUT, MOVE, the chunked MOVE: docs/nextcloud-behaviour.md, "Headers of the answers"):
 * OC-ETag, else ETag, without quotes; null when Nextcloud sent neither (a folder's GET).
 */
export function responseEtag(headers: Record<string, string | string[] | undefined>): string | null {
  return unquoteEtag(headerText(headers['oc-etag']) ?? headerText(headers.etag));
}

async function describeMissingParent(access: DavAccount, path: FilePath): Promise<Error> {
  const existing = await findPath(access, path);
  if (existing?.type === 'folder') return new ConflictError(`${path.text} is a folder, not a file.`);
  const parent = toFilePath(path.segments.slice(0, -1));
  if (parent.segments.length === 0) return new ConflictError(`Nextcloud refused to create ${path.text}.`);
  return describeUnusableParent(parent, await findPath(access, parent));
}

/** The 412 of a write: the file exists (create), or it changed or went away since it was read (overwrite). */
function describeFailedWrite(path: FilePath, write: WriteMode, currentEtag: string | undefined): Error {
  if (write.mode === 'create') {
    return new ConflictError(
      `A file already exists at ${path.text}. Read it first, then write with mode "overwrite" and its etag.`,
    );
  }
  // Nextcloud's 412 carries the file's current ETag; without one there is no file any more.
  const etag = unquoteEtag(currentEtag);
  if (!etag) return new NotFoundError(`There is no file at ${path.text} any more; write it with mode "create".`);
  return new ConflictError(
    `${path.text} changed since you read it (its etag is now ${etag}). Read it again and retry.`,
  );
}

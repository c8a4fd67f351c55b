// Earlier versions of a file over WebDAV (/remote.php/dav/versions/{uid}/versions/{fileid}): Nextcloud keeps one
// each time the file is overwritten, and lists the current one among them. Restoring one makes it current again.
import { NotFoundError } from '../../errors.js';
import { davVersionPath, davVersionRestoreUrl, davVersionsPath } from './dav-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import { buildPropfindBody, parseMultistatus, textOf, toFileEntry, unquoteEtag, type FileEntry } from './propfind.js';

export interface FileVersion {
  /** The version's name (its time in unix seconds), as Nextcloud lists it. */
  versionId: string;
  /** ISO 8601. */
  lastModified: string | null;
  size: number;
  contentType: string | null;
  etag: string | null;
  label: string | null;
  author: string | null;
}

const VERSION_PROPS = [
  'd:getlastmodified',
  'd:getcontentlength',
  'd:getcontenttype',
  'd:getetag',
  'd:resourcetype',
  'nc:version-label',
  'nc:version-author',
];

/**
 * The earlier versions of `file`, newest first. Versions are named by their mtime and Nextcloud lists the current
 * content too, as the version named by the file's own modification time: that one is left out.
 */
export async function listVersions(access: DavAccount, file: FileEntry & { fileId: number }): Promise<FileVersion[]> {
  const response = await access.client.request(davVersionsPath(access.userId, file.fileId), {
    method: 'PROPFIND',
    headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: buildPropfindBody(VERSION_PROPS),
  });
  const current = file.lastModified === null ? undefined : String(Date.parse(file.lastModified) / 1000);
  const versions = parseMultistatus(response.text()).flatMap((response): FileVersion[] => {
    const entry = toFileEntry(response, 'versions', access.userId);
    // Versions sit at versions/{fileid}/{mtime}.
    if (!entry || entry.type === 'folder' || entry.segments.length !== 3 || entry.name === current) return [];
    return [
      {
        versionId: entry.name,
        lastModified: entry.lastModified,
        size: Number(textOf(response.props.getcontentlength) ?? entry.size),
        contentType: entry.contentType,
        etag: unquoteEtag(textOf(response.props.getetag)),
        label: textOf(response.props['version-label']) || null,
        author: textOf(response.props['version-author']) || null,
      },
    ];
  });
  return versions.sort((a, b) => (b.lastModified ?? '').localeCompare(a.lastModified ?? ''));
}

/** Makes version `versionId` of the file its current content (Nextcloud keeps the replaced content as a version). */
export async function restoreVersion(access: DavAccount, fileId: number, versionId: string): Promise<void> {
  const response = await access.client.request(davVersionPath(access.userId, fileId, versionId), {
    method: 'MOVE',
    headers: { destination: davVersionRestoreUrl(access.client.host, access.userId) },
    accept: [404],
  });
  if (response.status === 404) {
    throw new NotFoundError('There is no such version of this file; take version_id from nc_files_versions_list.');
  }
}

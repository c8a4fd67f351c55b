// Earlier versions of a file over WebDAV (/remote.php/dav/versions/{uid}/versions/{fileid}): Nextcloud keeps one
// each time the file is overwritten.
import { davVersionsPath } from './dav-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import { buildPropfindBody, parseMultistatus, textOf, toFileEntry, unquoteEtag } from './propfind.js';

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

/** The earlier versions of the file with `fileId`, newest first. */
export async function listVersions(access: DavAccount, fileId: number): Promise<FileVersion[]> {
  const response = await access.client.request(davVersionsPath(access.userId, fileId), {
    method: 'PROPFIND',
    headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: buildPropfindBody(VERSION_PROPS),
  });
  const versions = parseMultistatus(response.text()).flatMap((response): FileVersion[] => {
    const entry = toFileEntry(response, 'versions', access.userId);
    if (!entry || entry.type === 'folder' || entry.path.split('/').length !== 3) return [];
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

// Searching the user's files with SEARCH /remote.php/dav and a basicsearch body: by name, kind of file and
// modification time, inside one folder, newest first.
import { davSearchScope, DAV_SEARCH_PATH, type FilePath } from './dav-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import { escapeXml } from '../dav/dav-multistatus.js';
import { DAV_NAMESPACES, FILE_PROPS, parseMultistatus, toFileEntry, type FileEntry } from './propfind.js';

export type FileKind = 'file' | 'folder' | 'image' | 'video' | 'audio' | 'text' | 'pdf';

export interface FileSearchCriteria {
  /** Folder to search in (recursively). */
  folder: FilePath;
  /** A part of the name, case-insensitive. */
  nameContains?: string;
  kind?: FileKind;
  /** Unix seconds, exclusive. */
  modifiedAfter?: number;
  modifiedBefore?: number;
  limit: number;
}

const FOLDER_MIME_TYPE = 'httpd/unix-directory';

/** Up to `limit` matches, newest first; `truncated` when there were more. */
export async function searchFiles(
  access: DavAccount,
  criteria: FileSearchCriteria,
): Promise<{ entries: FileEntry[]; truncated: boolean }> {
  const response = await access.client.request(DAV_SEARCH_PATH, {
    method: 'SEARCH',
    headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'application/xml' },
    body: buildSearchBody(access.userId, criteria),
  });
  const entries = parseMultistatus(response.text()).flatMap((item) => {
    const entry = toFileEntry(item, 'files', access.userId);
    return entry ? [entry] : [];
  });
  return { entries: entries.slice(0, criteria.limit), truncated: entries.length > criteria.limit };
}

/** The basicsearch body; asks for one result more than `limit` to tell whether there are more. */
export function buildSearchBody(userId: string, criteria: FileSearchCriteria): string {
  const conditions = [
    criteria.nameContains !== undefined ? comparison('like', 'd:displayname', `%${criteria.nameContains}%`) : '',
    criteria.kind ? kindCondition(criteria.kind) : '',
    criteria.modifiedAfter !== undefined
      ? comparison('gt', 'd:getlastmodified', isoLiteral(criteria.modifiedAfter))
      : '',
    criteria.modifiedBefore !== undefined
      ? comparison('lt', 'd:getlastmodified', isoLiteral(criteria.modifiedBefore))
      : '',
  ].filter((condition) => condition !== '');
  const where =
    conditions.length === 0
      ? comparison('like', 'd:displayname', '%')
      : conditions.length === 1
        ? conditions[0]
        : `<d:and>${conditions.join('')}</d:and>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<d:searchrequest ${DAV_NAMESPACES} xmlns:ns="https://github.com/icewind1991/SearchDAV/ns">
  <d:basicsearch>
    <d:select><d:prop>${FILE_PROPS.map((prop) => `<${prop}/>`).join('')}</d:prop></d:select>
    <d:from><d:scope><d:href>${escapeXml(davSearchScope(userId, criteria.folder))}</d:href><d:depth>infinity</d:depth></d:scope></d:from>
    <d:where>${where}</d:where>
    <d:orderby><d:order><d:prop><d:getlastmodified/></d:prop><d:descending/></d:order></d:orderby>
    <d:limit><d:nresults>${criteria.limit + 1}</d:nresults></d:limit>
  </d:basicsearch>
</d:searchrequest>`;
}

function kindCondition(kind: FileKind): string {
  switch (kind) {
    case 'folder':
      return comparison('eq', 'd:getcontenttype', FOLDER_MIME_TYPE);
    case 'file':
      return `<d:not>${comparison('eq', 'd:getcontenttype', FOLDER_MIME_TYPE)}</d:not>`;
    case 'pdf':
      return comparison('eq', 'd:getcontenttype', 'application/pdf');
    default:
      return comparison('like', 'd:getcontenttype', `${kind}/%`);
  }
}

/** The rule of `kindCondition` for an entry read otherwise (the favourites' REPORT has no kind filter). */
export function isOfKind(entry: FileEntry, kind: FileKind): boolean {
  if (kind === 'folder' || kind === 'file') return entry.type === kind;
  const contentType = entry.contentType ?? '';
  return kind === 'pdf' ? contentType === 'application/pdf' : contentType.startsWith(`${kind}/`);
}

/**
 * Unix seconds as the literal Nextcloud compares dates with: ISO 8601 in PHP's ATOM form, `2026-11-23T04:35:00Z`.
 * Fractions of a second make it unreadable to Nextcloud, which then compares with 0 and matches every file.
 */
export function isoLiteral(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function comparison(operator: 'eq' | 'like' | 'gt' | 'lt', prop: string, literal: string): string {
  return `<d:${operator}><d:prop><${prop}/></d:prop><d:literal>${escapeXml(literal)}</d:literal></d:${operator}>`;
}

// The user's favourites below a folder (REPORT oc:filter-files with the oc:favorite rule), narrowed by the same
// criteria as a file search and ordered like one: newest first.
// unverified: the report and its answer (source: nextcloud/server apps/dav/lib/Connector/Sabre/FilesReportPlugin.php
// onReport, processFilterRulesForFileIDs, findNodesByFileIds and prepareResponses): sent to a folder of
// /remote.php/dav/files/{uid}/, it answers 207 with one response per favourite at any depth below it, with the
// properties of d:prop, and without paging unless asked (the favourites are one list in Nextcloud's database).
import type { DavAccount } from '../dav/dav-account.js';
import { davFilesPath } from './dav-paths.js';
import { isOfKind, type FileSearchCriteria } from './dav-search.js';
import { DAV_NAMESPACES, FILE_PROPS, parseMultistatus, toFileEntry, type FileEntry } from './propfind.js';

/** Up to `limit` favourites below `criteria.folder` that meet the criteria, newest first; `truncated` when more do. */
export async function searchFavorites(
  access: DavAccount,
  criteria: FileSearchCriteria,
): Promise<{ entries: FileEntry[]; truncated: boolean }> {
  const response = await access.client.request(davFilesPath(access.userId, criteria.folder), {
    method: 'REPORT',
    headers: { 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body: FAVORITES_REPORT,
  });
  const matches = parseMultistatus(response.text())
    .flatMap((item) => {
      const entry = toFileEntry(item, 'files', access.userId);
      // The folder itself is not "below" it, as in a search.
      return entry && entry.path !== criteria.folder.text ? [entry] : [];
    })
    .filter((entry) => meetsCriteria(entry, criteria))
    .sort((a, b) => timeOf(b) - timeOf(a));
  return { entries: matches.slice(0, criteria.limit), truncated: matches.length > criteria.limit };
}

const FAVORITES_REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<oc:filter-files ${DAV_NAMESPACES}>
  <d:prop>${FILE_PROPS.map((prop) => `<${prop}/>`).join('')}</d:prop>
  <oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules>
</oc:filter-files>`;

function meetsCriteria(entry: FileEntry, criteria: FileSearchCriteria): boolean {
  const modified = timeOf(entry) / 1000;
  if (criteria.nameContains && !entry.name.toLowerCase().includes(criteria.nameContains.toLowerCase())) return false;
  if (criteria.modifiedAfter !== undefined && !(modified > criteria.modifiedAfter)) return false;
  if (criteria.modifiedBefore !== undefined && !(modified < criteria.modifiedBefore)) return false;
  return criteria.kind === undefined || isOfKind(entry, criteria.kind);
}

function timeOf(entry: FileEntry): number {
  return entry.lastModified === null ? 0 : Date.parse(entry.lastModified);
}

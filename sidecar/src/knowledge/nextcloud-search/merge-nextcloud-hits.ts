// Nextcloud's hits merged with the index's results: a hit for an item the index already lists (the same file id, or a
// link to the same place) is not listed twice but named in `merged`, as is a hit that repeats an earlier one (the
// files provider and full-text search may both find a file).
import { nextcloudLinkKey } from '../../platform/urls.js';
import type { NextcloudHit, NextcloudSection } from './nextcloud-hits.js';

/** What of an index result tells whether a hit is the same item. */
export interface IndexedResultKey {
  point_id: string;
  doc_type: string;
  doc_id: string;
  link: string | null;
}

export function mergeNextcloudHits(
  section: NextcloudSection,
  indexResults: readonly IndexedResultKey[],
  host: string,
): NextcloudSection {
  // Item → the point id of the index result that lists it, or null for an earlier hit.
  const byFileId = new Map<string, string | null>();
  const byLink = new Map<string, string | null>();
  for (const result of indexResults) {
    if (result.doc_type === 'file' && !byFileId.has(result.doc_id)) byFileId.set(result.doc_id, result.point_id);
    const key = result.link === null ? undefined : nextcloudLinkKey(host, result.link);
    if (key !== undefined && !byLink.has(key)) byLink.set(key, result.point_id);
  }
  const kept: NextcloudHit[] = [];
  const merged = [...section.merged];
  for (const hit of section.results) {
    const linkKey = hit.link === null ? undefined : nextcloudLinkKey(host, hit.link);
    const same = sameAs(hit, linkKey, byFileId, byLink);
    if (same !== undefined) {
      merged.push({ provider_id: hit.provider_id, title: hit.title, point_id: same });
      continue;
    }
    kept.push(hit);
    // Later hits for the same item are merged into this one (point_id null: not an index result).
    if (hit.file_id !== null) byFileId.set(hit.file_id, null);
    if (linkKey !== undefined) byLink.set(linkKey, null);
  }
  return { ...section, results: kept, merged };
}

/** The point id of the index result the hit repeats, null when it repeats an earlier hit, undefined when new. */
function sameAs(
  hit: NextcloudHit,
  linkKey: string | undefined,
  byFileId: Map<string, string | null>,
  byLink: Map<string, string | null>,
): string | null | undefined {
  if (hit.file_id !== null && byFileId.has(hit.file_id)) return byFileId.get(hit.file_id);
  if (linkKey !== undefined && byLink.has(linkKey)) return byLink.get(linkKey);
  return undefined;
}

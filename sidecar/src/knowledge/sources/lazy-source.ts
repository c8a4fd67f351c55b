// A sync source whose module (and what it parses with: XML, iCalendar, HTML) loads on its first scan or read, so a
// sidecar whose users have not been scanned yet, or have none of its documents, does not hold it.
import type { DocType } from '../doc-types.js';
import type { SyncSource } from '../sync/sync-source.js';

export function lazySource(docType: DocType, load: () => Promise<SyncSource>): SyncSource {
  let source: Promise<SyncSource> | undefined;
  const loaded = () => (source ??= load());
  return {
    docType,
    scan: async (context, cursor) => (await loaded()).scan(context, cursor),
    read: async (context, document) => (await loaded()).read(context, document),
  };
}

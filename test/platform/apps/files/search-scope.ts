// The scope of a SEARCH in the files double, resolved as Nextcloud resolves it: `<d:href>` is a path relative to
// /remote.php/dav, `/files/{uid}/{folder}`, taken literally (never percent-decoded), and must name a folder.
import type { FileNode, FileTree } from './file-tree.js';
import { missingInForeignHomeMessage, missingInHomeMessage } from './not-found.js';

export type ResolvedScope =
  | { kind: 'folder'; folder: FileNode; segments: string[]; depth: number }
  | { kind: 'refused'; status: number; exception: string; message: string };

const NOT_A_DIRECTORY = 'Search is only supported on directories';

/**
 * docs/nextcloud-behaviour.md, "Files (WebDAV)", the scope table under Search: a percent-encoded scope → 404 "File with
 * name //fa%20dir could not be located"; `/remote.php/dav/…` → 404 "File not found: remote.php in 'root'", another
 * first segment likewise; a missing folder → 404; a file, `/`, `/files` or another user's home → 500 "Search is only
 * supported on directories" (InvalidArgumentException); below another user's home → 404 "File not found: x in 'bob'".
 */
export function resolveSearchScope(href: string, depth: string, tree: FileTree, userId: string): ResolvedScope {
  const parts = href.split('/').filter((part) => part !== '');
  const [collection, owner, ...segments] = parts;
  if (collection !== undefined && collection !== 'files') {
    return notFound(`File not found: ${collection} in 'root'`);
  }
  if (owner === undefined) return notADirectory();
  if (owner !== userId) {
    return segments.length === 0 ? notADirectory() : notFound(missingInForeignHomeMessage(owner, segments));
  }
  const folder = tree.find(segments);
  if (!folder) return notFound(missingInHomeMessage(tree, segments));
  if (folder.kind !== 'folder') return notADirectory();
  return { kind: 'folder', folder, segments, depth: depth === '1' ? 1 : Number.POSITIVE_INFINITY };
}

function notFound(message: string): ResolvedScope {
  return { kind: 'refused', status: 404, exception: 'Sabre\\DAV\\Exception\\NotFound', message };
}

function notADirectory(): ResolvedScope {
  return { kind: 'refused', status: 500, exception: '\\InvalidArgumentException', message: NOT_A_DIRECTORY };
}

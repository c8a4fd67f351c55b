// The WebDAV properties of a file or folder in the files double, valued as Nextcloud values them.
import type { DavProps } from './multistatus.js';
import { escapeXml, httpDate } from './multistatus.js';
import { ocFileId } from './file-headers.js';
import type { FileNode, FileTree } from './file-tree.js';

/** The properties of `node`; `name` is what it is called where it is listed (a received share may be renamed). */
export function describeNode(tree: FileTree, node: FileNode, name = node.name): DavProps {
  const isFolder = node.kind === 'folder';
  return {
    getetag: `&quot;${node === tree.root ? tree.shares.homeEtag() : node.etag}&quot;`,
    getlastmodified: httpDate(node.mtime),
    getcontentlength: isFolder ? undefined : String(node.content.length),
    getcontenttype: isFolder ? undefined : escapeXml(node.mimeType),
    resourcetype: isFolder ? '<d:collection/>' : '',
    displayname: escapeXml(name),
    fileid: String(node.fileId),
    id: ocFileId(node),
    // Own files: read, share, delete, rename, move, write; folders add create and create-folder.
    permissions: tree.shares.permissionsOf(node) ?? (isFolder ? 'RGDNVCK' : 'RGDNVW'),
    size: String(tree.sizeOf(node)),
    favorite: node.favorite ? '1' : '0',
    'has-preview': String(!isFolder && hasPreview(node.mimeType, node.content.length)),
    'quota-used-bytes': isFolder ? String(tree.sizeOf(node)) : undefined,
    'quota-available-bytes': isFolder ? '-3' : undefined,
  };
}

/**
 * nc:has-preview: true for `.txt` and `.md`, false for `text/csv` and for empty files (docs/nextcloud-behaviour.md,
 * "Files (WebDAV)", PROPFIND).
 */
// unverified: true for png, jpeg, gif, bmp, webp and mp3, false for other types (source: nextcloud/server
// lib/private/PreviewManager.php, the default enabledPreviewProviders)
export function hasPreview(mimeType: string, size: number): boolean {
  return size > 0 && PREVIEWED_TYPES.has(mimeType);
}

const PREVIEWED_TYPES = new Set([
  'text/plain',
  'text/markdown',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/webp',
  'audio/mpeg',
]);

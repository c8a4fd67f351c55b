// The WebDAV properties of a file or folder in the files double, valued as Nextcloud values them.
import type { DavProps } from './multistatus.js';
import { escapeXml, httpDate } from './multistatus.js';
import { ocFileId } from './file-headers.js';
import type { FileNode, FileTree } from './file-tree.js';

export function describeNode(tree: FileTree, node: FileNode): DavProps {
  const isFolder = node.kind === 'folder';
  return {
    getetag: `&quot;${node === tree.root ? tree.shares.homeEtag() : node.etag}&quot;`,
    getlastmodified: httpDate(node.mtime),
    getcontentlength: isFolder ? undefined : String(node.content.length),
    getcontenttype: isFolder ? undefined : escapeXml(node.mimeType),
    resourcetype: isFolder ? '<d:collection/>' : '',
    fileid: String(node.fileId),
    id: ocFileId(node),
    // Own files: read, share, delete, rename, move, write; folders add create and create-folder.
    permissions: tree.shares.permissionsOf(node) ?? (isFolder ? 'RGDNVCK' : 'RGDNVW'),
    size: String(tree.sizeOf(node)),
    favorite: '0',
    'has-preview': String(!isFolder && /^(image\/|text\/)/.test(node.mimeType)),
    'quota-used-bytes': isFolder ? String(tree.sizeOf(node)) : undefined,
    'quota-available-bytes': isFolder ? '-3' : undefined,
  };
}

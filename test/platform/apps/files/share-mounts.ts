// Received user shares in the files double: the shared file or folder appears in the recipient's home under its
// name with the owner's file id, carrying S and no M (`SRGDNVCK` for a folder shared with permissions 31) and every
// item inside it S too (`SRGDNVW`), and the home's ETag folds in the mounted items' ETags, so it changes whenever
// something changes inside a received share, at any depth (docs/nextcloud-behaviour.md, "Files (WebDAV)", Received
// shares).
// unverified: a taken name gets " (2)", mounts of a file or folder the owner deleted disappear, the letters for
// other share permissions follow OCP\Files\DavUtil::getDavPermissions (S, R, G, D, NV, W / CK), and writes by the
// recipient are not propagated to the owner's folders (source: nextcloud/server lib/private/Files/FileInfo.php
// getEtag() "etag::childEtag…" md5, lib/public/Files/DavUtil.php, apps/files_sharing/lib/SharedMount.php)
import { createHash } from 'node:crypto';
import type { FileNode, FileTree } from './file-tree.js';

interface MountedShare {
  node: FileNode;
  /** The owner's tree: the mount goes when the node leaves it. */
  ownerTree: FileTree;
  /** Share permissions, 1 (read) … 31. */
  permissions: number;
}

const [READ, UPDATE, CREATE, DELETE, SHARE] = [1, 2, 4, 8, 16];

export class ShareMounts {
  private readonly byName = new Map<string, MountedShare>();

  constructor(private readonly home: FileNode) {}

  /** Mounts `node` of `ownerTree` in the home with share permissions `permissions` (1 read … 16 share). */
  mount(node: FileNode, ownerTree: FileTree, permissions: number): void {
    let name = node.name;
    for (let n = 2; this.home.children.has(name); n++) name = numbered(node.name, n);
    this.byName.set(name, { node, ownerTree, permissions });
    this.home.children.set(name, node);
  }

  unmount(fileId: number): void {
    for (const [name, share] of this.byName) if (share.node.fileId === fileId) this.drop(name);
  }

  /** Drops mounts of nodes their owner deleted (or moved to the trash), or that left the home. */
  prune(): void {
    for (const [name, share] of this.byName) {
      if (this.home.children.get(name) !== share.node || !share.ownerTree.findById(share.node.fileId)) this.drop(name);
    }
  }

  /** The home's ETag as DAV answers it: its own, folded with every mounted item's. */
  homeEtag(): string {
    if (this.byName.size === 0) return this.home.etag;
    const combined = [this.home.etag, ...[...this.byName.values()].map((share) => share.node.etag)].join('::');
    return createHash('md5').update(combined).digest('hex');
  }

  /** The DAV permissions of a mount root or an item inside a received share; undefined for one's own items. */
  permissionsOf(node: FileNode): string | undefined {
    for (const share of this.byName.values()) {
      if (share.node === node || contains(share.node, node)) return davPermissionsOf(node, share.permissions);
    }
    return undefined;
  }

  private drop(name: string): void {
    const share = this.byName.get(name);
    this.byName.delete(name);
    if (share && this.home.children.get(name) === share.node) this.home.children.delete(name);
  }
}

function davPermissionsOf(node: FileNode, permissions: number): string {
  let letters = 'S';
  if (permissions & SHARE) letters += 'R';
  if (permissions & READ) letters += 'G';
  if (permissions & DELETE) letters += 'D';
  if (permissions & UPDATE) letters += 'NV';
  if (node.kind === 'file') return permissions & UPDATE ? `${letters}W` : letters;
  return permissions & CREATE ? `${letters}CK` : letters;
}

function contains(folder: FileNode, node: FileNode): boolean {
  for (const child of folder.children.values()) if (child === node || contains(child, node)) return true;
  return false;
}

function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

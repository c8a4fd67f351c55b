// One user's files in the files double: a tree of folders and files with Nextcloud's file ids, etags (a file's
// derived from its mtime, id and size; folders' renewed up the tree on every write, as Nextcloud propagates them),
// versions of overwritten files (one per second) and the trash bin.
import { createHash, randomBytes } from 'node:crypto';
import { ShareMounts } from './share-mounts.js';

export interface FileVersion {
  /** Unix seconds; also the version's name under /versions/{uid}/versions/{fileid}/. */
  timestamp: number;
  content: Buffer;
  mimeType: string;
  /** Set with PROPPATCH nc:version-label; absent until then. */
  label?: string;
}

export interface FileNode {
  kind: 'file' | 'folder';
  name: string;
  fileId: number;
  /** Without the quotes Nextcloud puts around it in headers and PROPFIND answers. */
  etag: string;
  /** Unix seconds. */
  mtime: number;
  mimeType: string;
  content: Buffer;
  children: Map<string, FileNode>;
  /** Earlier versions, oldest first (the current content is the newest version, named by `mtime`). */
  versions: FileVersion[];
  /** The current version's label. */
  label?: string;
  /** Comments on the file (/remote.php/dav/comments/files/{fileid}), oldest first. */
  comments?: FileComment[];
  /** Marked as a favourite by its owner (oc:favorite). */
  favorite?: boolean;
  /** The system tags assigned to it (/remote.php/dav/systemtags-relations/files/{fileid}). */
  tagIds?: number[];
}

export interface FileComment {
  id: number;
  actorId: string;
  message: string;
  /** Unix seconds. */
  createdAt: number;
}

export interface TrashItem {
  /** `name.d{deletion time}`, the item's name in the trash bin. */
  trashName: string;
  node: FileNode;
  /** Where it was, relative to the user's root, e.g. `Documents/report.md`. */
  originalLocation: string;
  deletedAt: number;
}

export const FOLDER_MIME_TYPE = 'httpd/unix-directory';

export class FileTree {
  readonly root: FileNode;
  readonly trash: TrashItem[] = [];
  /** Files and folders other users shared with this one, shown in the home. */
  readonly shares: ShareMounts;

  constructor(private readonly ids: { next(): number }) {
    this.root = this.newFolder('');
    this.shares = new ShareMounts(this.root);
  }

  /** A new id from the instance-wide sequence that file ids come from (comments use it too). */
  nextId(): number {
    return this.ids.next();
  }

  /** The node at `segments` (decoded names), or undefined. */
  find(segments: string[]): FileNode | undefined {
    this.shares.prune();
    let node: FileNode | undefined = this.root;
    for (const name of segments) node = node?.kind === 'folder' ? node.children.get(name) : undefined;
    return node;
  }

  findById(fileId: number): { node: FileNode; segments: string[] } | undefined {
    for (const entry of this.walk(this.root, [])) if (entry.node.fileId === fileId) return entry;
    return undefined;
  }

  /** Every node below `folder` (not the folder itself), depth first, with its path. */
  *walk(folder: FileNode, segments: string[]): Generator<{ node: FileNode; segments: string[] }> {
    for (const child of folder.children.values()) {
      const path = [...segments, child.name];
      yield { node: child, segments: path };
      if (child.kind === 'folder') yield* this.walk(child, path);
    }
  }

  /**
   * Writes a file (`mtime` in unix seconds, now by default); an existing one keeps its id, and its previous content
   * becomes the version named by its previous mtime, unless that is the new mtime too: then the new content replaces
   * that second's version, as Nextcloud keeps one version per second (docs/nextcloud-behaviour.md, "Files (WebDAV)",
   * Versions).
   */
  writeFile(segments: string[], content: Buffer, mtime?: number): { node: FileNode; created: boolean } {
    const parent = this.parentOf(segments);
    if (!parent) throw new Error('parent missing');
    const name = segments[segments.length - 1] ?? '';
    const existing = parent.children.get(name);
    const newMtime = mtime ?? nowSeconds();
    if (existing?.kind === 'file') {
      const { content: previous, mimeType, label, mtime: previousMtime } = existing;
      existing.versions = existing.versions.filter((v) => v.timestamp !== previousMtime && v.timestamp !== newMtime);
      if (previousMtime !== newMtime) {
        existing.versions.push({ timestamp: previousMtime, content: previous, mimeType, label });
        existing.versions.sort((a, b) => a.timestamp - b.timestamp);
      }
      Object.assign(existing, { content, mtime: newMtime, mimeType: mimeTypeOf(name), label: undefined });
      refreshFileEtag(existing);
      this.touchAncestors(segments, newMtime);
      return { node: existing, created: false };
    }
    const node: FileNode = {
      ...this.newFolder(name),
      kind: 'file',
      mimeType: mimeTypeOf(name),
      content,
      mtime: newMtime,
    };
    refreshFileEtag(node);
    parent.children.set(name, node);
    this.touchAncestors(segments, newMtime);
    return { node, created: true };
  }

  makeFolder(segments: string[]): FileNode {
    const parent = this.parentOf(segments);
    if (!parent) throw new Error('parent missing');
    const node = this.newFolder(segments[segments.length - 1] ?? '');
    parent.children.set(node.name, node);
    this.touchAncestors(segments, node.mtime);
    return node;
  }

  /** Detaches the node at `segments` and returns it (undefined when there is none). */
  detach(segments: string[]): FileNode | undefined {
    const parent = this.parentOf(segments);
    const name = segments[segments.length - 1] ?? '';
    const node = parent?.children.get(name);
    if (!parent || !node) return undefined;
    parent.children.delete(name);
    this.touchAncestors(segments, nowSeconds());
    return node;
  }

  /** Puts `node` at `segments` under the last segment's name (replacing what was there). */
  attach(segments: string[], node: FileNode): void {
    const parent = this.parentOf(segments);
    if (!parent) throw new Error('parent missing');
    node.name = segments[segments.length - 1] ?? node.name;
    parent.children.set(node.name, node);
    this.touchAncestors(segments, nowSeconds());
  }

  /** A deep copy with new file ids and etags, as Nextcloud's COPY creates new files. */
  clone(node: FileNode): FileNode {
    const copy: FileNode = { ...node, fileId: this.ids.next(), etag: newEtag(), children: new Map(), versions: [] };
    if (copy.kind === 'file') refreshFileEtag(copy);
    for (const [name, child] of node.children) copy.children.set(name, this.clone(child));
    return copy;
  }

  moveToTrash(segments: string[]): TrashItem | undefined {
    const node = this.detach(segments);
    if (!node) return undefined;
    let deletedAt = nowSeconds();
    while (this.trash.some((item) => item.trashName === `${node.name}.d${deletedAt}`)) deletedAt += 1;
    const item = { trashName: `${node.name}.d${deletedAt}`, node, originalLocation: segments.join('/'), deletedAt };
    this.trash.push(item);
    return item;
  }

  /** Restores to the original place, to the root when that folder is gone, renaming on a clash like Nextcloud. */
  // unverified: the root when the original folder is gone (source: nextcloud/server apps/files_trashbin/lib/Trashbin.php
  // restore)
  restore(trashName: string): string[] | undefined {
    const index = this.trash.findIndex((item) => item.trashName === trashName);
    const item = this.trash[index];
    if (!item) return undefined;
    this.trash.splice(index, 1);
    const original = item.originalLocation.split('/');
    const folder = original.slice(0, -1);
    const target = this.find(folder)?.kind === 'folder' ? folder : [];
    const name = this.freeName(target, item.node.name);
    this.attach([...target, name], item.node);
    return [...target, name];
  }

  /** Folder size (sum of its files) or file size, in bytes. */
  sizeOf(node: FileNode): number {
    if (node.kind === 'file') return node.content.length;
    let total = 0;
    for (const child of node.children.values()) total += this.sizeOf(child);
    return total;
  }

  private parentOf(segments: string[]): FileNode | undefined {
    const parent = this.find(segments.slice(0, -1));
    return parent?.kind === 'folder' && segments.length > 0 ? parent : undefined;
  }

  private touchAncestors(segments: string[], mtime: number): void {
    let node: FileNode | undefined = this.root;
    for (const name of ['', ...segments.slice(0, -1)]) {
      if (name !== '') node = node?.children.get(name);
      if (!node) return;
      node.etag = newEtag();
      node.mtime = Math.max(node.mtime, mtime);
    }
  }

  private freeName(folder: string[], name: string): string {
    const parent = this.find(folder);
    if (!parent?.children.has(name)) return name;
    const dot = name.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = `${base} (restored)${extension}`;
    for (let n = 2; parent.children.has(candidate); n++) candidate = `${base} (restored ${n})${extension}`;
    return candidate;
  }

  private newFolder(name: string): FileNode {
    return {
      kind: 'folder',
      name,
      fileId: this.ids.next(),
      etag: newEtag(),
      mtime: nowSeconds(),
      mimeType: FOLDER_MIME_TYPE,
      content: Buffer.alloc(0),
      children: new Map(),
      versions: [],
    };
  }
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * A file's ETag as Nextcloud's local storage derives it: the md5 of its mtime (seconds), inode (here the file id) and
 * size, so rewriting a file with different content of the same size within the same second keeps its ETag
 * (docs/nextcloud-behaviour.md, "Files (WebDAV)", the Trap under PUT).
 */
export function refreshFileEtag(node: FileNode): void {
  node.etag = createHash('md5').update(`${node.mtime}${node.fileId}${node.content.length}`).digest('hex');
}

/** A folder's ETag: Nextcloud gives folders a new uniqid-like ETag, e.g. `64f1b2c3d4e5f` (13 hex digits). */
export function newEtag(): string {
  return randomBytes(7).toString('hex').slice(0, 13);
}

const MIME_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  odt: 'application/vnd.oasis.opendocument.text',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // unverified: the types below (source: nextcloud/server resources/config/mimetypemapping.dist.json); `.eml` is not
  // in that mapping, so it falls to application/octet-stream like any unmapped name
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'text/rtf',
  htm: 'text/html',
  epub: 'application/epub+zip',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  js: 'application/javascript',
  py: 'text/x-python',
};

/** Nextcloud picks the mimetype from the file name's extension. */
export function mimeTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 && MIME_TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

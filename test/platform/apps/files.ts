// The files app of the platform double: Nextcloud's WebDAV under /remote.php/dav for the signed-in user (files,
// SEARCH, trash bin, versions, comments, system tags and favourites, chunked upload), in memory, with sabre's statuses and error bodies.
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { handleChunkedUpload, type ChunkingServer, type PendingUpload } from './files/chunked-uploads.js';
import { handleSearch } from './files/dav-search.js';
import { DAV_PREFIX, parseDavLocation } from './files/dav-location.js';
import { handleComments } from './files/file-comments.js';
import { createSystemTags, handleSystemTags, handleTagRelations, type SystemTags } from './files/system-tags.js';
import { handleFileMethod, type FilesRequest } from './files/file-methods.js';
import { FileTree, type FileNode } from './files/file-tree.js';
import { handleVersions } from './files/file-versions.js';
import { sendDavError } from './files/multistatus.js';
import { sendNotFound } from './files/not-found.js';
import { handleTrashBin } from './files/trash-bin.js';

export interface FilesDoubleOptions {
  /** `strict` (default): Redis and S3, chunked upload v2 rules enforced; `plain`: any chunks accepted. */
  chunking?: ChunkingServer;
}

export interface FilesDouble extends DoubleApp {
  /** Writes a file straight into a user's files (folders created as needed); `mtime` in unix seconds. */
  seedFile(userId: string, path: string, content: string | Buffer, options?: { mtime?: number }): void;
  /** Creates a folder and its missing parents. */
  seedFolder(userId: string, path: string): void;
  /** A file's current bytes, or undefined when there is none. */
  readFile(userId: string, path: string): Buffer | undefined;
  /** The file or folder at `path` (`/Documents/a.md` or `Documents/a.md`), for apps that share files. */
  findNode(userId: string, path: string): FileNode | undefined;
  /** A user's whole tree, for apps that keep their data as files and move them (Collectives' pages). */
  treeOf(userId: string): FileTree;
  /** Shows the owner's file or folder in the recipient's home, as a user share does (`permissions` 1 … 31). */
  mountShare(recipient: string, owner: string, path: string, permissions: number): void;
  /** Takes a share's item out of the recipient's home. */
  unmountShare(recipient: string, owner: string, path: string): void;
}

interface UserFiles {
  tree: FileTree;
  uploads: Map<string, PendingUpload>;
}

export function createFilesApp(options: FilesDoubleOptions = {}): FilesDouble {
  const byUser = new Map<string, UserFiles>();
  let lastFileId = 100;
  const ids = { next: () => ++lastFileId };
  const systemTags = createSystemTags();
  const filesOf = (userId: string): UserFiles => {
    let files = byUser.get(userId);
    if (!files) {
      files = { tree: new FileTree(ids), uploads: new Map() };
      byUser.set(userId, files);
    }
    return files;
  };
  const seedFolder = (tree: FileTree, segments: string[]) => {
    for (let depth = 1; depth <= segments.length; depth++) {
      if (!tree.find(segments.slice(0, depth))) tree.makeFolder(segments.slice(0, depth));
    }
  };

  return {
    id: 'files',
    capabilities: () => ({
      bigfilechunking: true,
      blacklisted_files: ['.htaccess'],
      chunked_upload: { max_size: 104857600, max_parallel_count: 5 },
      undelete: true,
      versioning: true,
      comments: true,
    }),
    handle: async (req, res) => {
      if (!servesPath(req)) return false;
      await handleDav(req, res, filesOf, options.chunking ?? 'strict', systemTags);
      return true;
    },
    seedFile: (userId, path, content, seedOptions = {}) => {
      const { tree } = filesOf(userId);
      const segments = splitPath(path);
      seedFolder(tree, segments.slice(0, -1));
      tree.writeFile(segments, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), seedOptions.mtime);
    },
    seedFolder: (userId, path) => seedFolder(filesOf(userId).tree, splitPath(path)),
    readFile: (userId, path) => {
      const node = filesOf(userId).tree.find(splitPath(path));
      return node?.kind === 'file' ? node.content : undefined;
    },
    findNode: (userId, path) => filesOf(userId).tree.find(splitPath(path)),
    treeOf: (userId) => filesOf(userId).tree,
    mountShare: (recipient, owner, path, permissions) => {
      const ownerTree = filesOf(owner).tree;
      const node = ownerTree.find(splitPath(path));
      if (node) filesOf(recipient).tree.shares.mount(node, ownerTree, permissions);
    },
    unmountShare: (recipient, owner, path) => {
      const node = filesOf(owner).tree.find(splitPath(path));
      if (node) filesOf(recipient).tree.shares.unmount(node.fileId);
    },
  };
}

/** The DAV roots this app serves; calendars and address books belong to the DAV app next to it. */
const FILES_ROOTS = new Set([
  'files',
  'trashbin',
  'versions',
  'uploads',
  'comments',
  'systemtags',
  'systemtags-relations',
]);

function servesPath(req: DoubleRequest): boolean {
  if (req.path !== DAV_PREFIX && !req.path.startsWith(`${DAV_PREFIX}/`)) return false;
  const root = parseDavLocation(req.path)?.root ?? '';
  return FILES_ROOTS.has(root) || (root === '' && req.method === 'SEARCH');
}

async function handleDav(
  req: DoubleRequest,
  res: ServerResponse,
  filesOf: (userId: string) => UserFiles,
  chunking: ChunkingServer,
  systemTags: SystemTags,
) {
  const body = await req.body();
  if (!req.user) {
    const message = 'No public access to this resource., Username or password was incorrect';
    return sendDavError(res, 401, 'NotAuthenticated', message);
  }
  const location = parseDavLocation(req.path);
  if (!location) return sendDavError(res, 400, 'BadRequest', 'The path is not valid');
  const files = filesOf(req.user.id);
  const request: FilesRequest = {
    req,
    res,
    body,
    tree: files.tree,
    userId: req.user.id,
    owner: location.owner,
    segments: location.segments,
  };
  if (location.root === '' && req.method === 'SEARCH') return handleSearch(request);
  if (location.root === 'systemtags') return handleSystemTags(request, systemTags);
  if (location.owner === '') return sendNotFound(res, 'File not found');
  if (location.root === 'files') return handleFileMethod(request);
  if (location.root === 'trashbin') return handleTrashBin(request);
  if (location.root === 'versions') return handleVersions(request);
  if (location.root === 'comments') return handleComments(request);
  if (location.root === 'systemtags-relations') return handleTagRelations(request, systemTags);
  return handleChunkedUpload(request, files.uploads, chunking);
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

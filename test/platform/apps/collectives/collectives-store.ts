// The state of the collectives double: collectives with their members, the pages as files in each member's home
// (page-files.ts) and the page trash, with the refusals of Collectives' services (status and message).
import { createHash } from 'node:crypto';
import type { FileNode, FileTree } from '../files/file-tree.js';
import { nowSeconds } from '../files/file-tree.js';
import {
  collectiveRoot,
  findPage,
  freeName,
  INDEX_PAGE,
  isIndexPage,
  isLandingPage,
  PAGE_SUFFIX,
  parentPageId,
  sanitiseTitle,
  slugOf,
  subpageFolder,
  type PageFile,
} from './page-files.js';

export interface DoubleCollective {
  id: number;
  name: string;
  slug: string;
  circleId: string;
  emoji: string | null;
  members: Set<string>;
}

/** A trashed page: the file (or, for a page with subpages, its folder) and where it was. */
interface TrashedPage {
  collectiveId: number;
  pageId: number;
  node: FileNode;
  segments: string[];
  trashTimestamp: number;
}

/** A refusal as the app's OCS controllers answer it: OCSForbiddenException 403, OCSNotFoundException 404, … */
export class CollectivesError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Page metadata the app keeps in its own table (collectives_pages) rather than in the file. */
export interface PageMeta {
  slug: string | null;
  lastUserId: string | null;
}

export function createCollectivesStore(treeOf: (userId: string) => FileTree) {
  const collectives = new Map<number, DoubleCollective>();
  const trash: TrashedPage[] = [];
  const meta = new Map<number, PageMeta>();
  let nextId = 1;

  const collectiveOf = (id: number, userId: string): DoubleCollective => {
    const collective = collectives.get(id);
    // unverified: unknown and foreign collectives alike, 404 with this message (source: nextcloud/collectives
    // lib/Service/CollectiveServiceBase.php getCollective, lib/Controller/OCSExceptionHelper.php)
    if (!collective?.members.has(userId)) throw new CollectivesError(404, `Collective not found: ${id}`);
    return collective;
  };
  const pageOf = (tree: FileTree, root: string[], id: number): PageFile => {
    const page = findPage(tree, root, id);
    // unverified: 404 with this message (source: nextcloud/collectives lib/Fs/NodeHelper.php getFileById)
    if (!page) throw new CollectivesError(404, `File not found: ${id}`);
    return page;
  };
  const touch = (id: number, userId: string, slug?: string | null) => {
    const previous = meta.get(id);
    meta.set(id, { slug: slug === undefined ? (previous?.slug ?? null) : slug, lastUserId: userId });
  };
  const isAncestorOf = (tree: FileTree, root: string[], pageId: number, targetId: number): boolean => {
    const target = pageOf(tree, root, targetId);
    if (isLandingPage(target, root)) return false;
    const above = parentPageId(tree, root, target);
    return above === pageId || isAncestorOf(tree, root, pageId, above);
  };

  return {
    meta: (id: number): PageMeta => meta.get(id) ?? { slug: null, lastUserId: null },
    collective: collectiveOf,
    listFor: (userId: string) => [...collectives.values()].filter((c) => c.members.has(userId)),

    /** CollectiveService::createCollective: a team, a collective and a folder with the landing page. */
    create(userId: string, name: string, emoji: string | null): DoubleCollective {
      const safeName = sanitiseTitle(name, 'New File');
      // unverified: a name another user's team already has is refused the same way (source: nextcloud/collectives
      // lib/Service/CollectiveService.php createCollective, CircleExistsException)
      if ([...collectives.values()].some((c) => c.name === safeName)) {
        throw new CollectivesError(400, 'Collective already exists.');
      }
      const id = nextId++;
      const circleId = createHash('sha1').update(`circle-${id}`).digest('hex').slice(0, 31);
      const collective = { id, name: safeName, slug: slugOf(name), circleId, emoji, members: new Set([userId]) };
      collectives.set(id, collective);
      // unverified: the landing page's text (source: nextcloud/collectives lib/Mount/CollectiveFolderManager.php
      // initializeFolder copies a template in the user's language)
      const tree = treeOf(userId);
      for (let depth = 1; depth <= 2; depth++) {
        const folder = collectiveRoot(safeName).slice(0, depth);
        if (!tree.find(folder)) tree.makeFolder(folder);
      }
      const landing = tree.writeFile([...collectiveRoot(safeName), INDEX_PAGE], Buffer.from(LANDING_TEXT, 'utf8'));
      touch(landing.node.fileId, userId);
      return collective;
    },

    /** PageService::create: the parent becomes a folder when needed, the page an empty `{title}.md`. */
    createPage(userId: string, collectiveId: number, parentId: number, title: string): PageFile {
      const collective = collectiveOf(collectiveId, userId);
      const tree = treeOf(userId);
      const root = collectiveRoot(collective.name);
      const folder = subpageFolder(tree, pageOf(tree, root, parentId));
      const name = freeName(tree, folder, sanitiseTitle(title));
      const { node } = tree.writeFile([...folder, `${name}${PAGE_SUFFIX}`], Buffer.alloc(0));
      touch(node.fileId, userId, title ? slugOf(title) : null);
      return { node, segments: [...folder, `${name}${PAGE_SUFFIX}`] };
    },

    /**
     * PageService::move: to another parent page and/or under another title; the id stays.
     * unverified: all of it, refusals and their words included (source: nextcloud/collectives
     * lib/Service/PageService.php move, moveOrCopyPage)
     */
    movePage(userId: string, collectiveId: number, id: number, parentId: number | null, title: string | null) {
      const collective = collectiveOf(collectiveId, userId);
      const tree = treeOf(userId);
      const root = collectiveRoot(collective.name);
      const page = pageOf(tree, root, id);
      const oldParentId = parentPageId(tree, root, page);
      const target = parentId || oldParentId;
      if (isLandingPage(page, root)) throw new CollectivesError(403, 'Not allowed to move or copy landing page');
      if (target === id) throw new CollectivesError(403, 'Not allowed to move or copy a page to itself');
      if (isAncestorOf(tree, root, id, target)) {
        throw new CollectivesError(403, 'Not allowed to move or copy a page to a subpage of itself');
      }
      const toNewFolder = target !== oldParentId;
      const targetPage = pageOf(tree, root, target);
      const folder = toNewFolder ? subpageFolder(tree, targetPage) : targetPage.segments.slice(0, -1);
      const moved = findPage(tree, root, id) ?? page;
      const nodeSegments = isIndexPage(moved) ? moved.segments.slice(0, -1) : moved.segments;
      const suffix = isIndexPage(moved) ? '' : PAGE_SUFFIX;
      const currentName = nodeSegments[nodeSegments.length - 1] ?? '';
      const safeTitle = sanitiseTitle(title || currentName.slice(0, currentName.length - suffix.length));
      if (toNewFolder || `${safeTitle}${suffix}` !== currentName) {
        const node = tree.detach(nodeSegments);
        if (node) tree.attach([...folder, `${freeName(tree, folder, safeTitle)}${suffix}`], node);
      }
      touch(id, userId, title ? slugOf(title) : undefined);
      return pageOf(tree, root, id);
    },

    /**
     * PageService::trash: the file (or the folder of a page with subpages) goes to the collective's page trash.
     * unverified: all of it (source: nextcloud/collectives lib/Service/PageService.php trash)
     */
    trashPage(userId: string, collectiveId: number, id: number): { page: PageFile; parentId: number; at: number } {
      const collective = collectiveOf(collectiveId, userId);
      const tree = treeOf(userId);
      const root = collectiveRoot(collective.name);
      const page = pageOf(tree, root, id);
      // unverified: trashing the landing page is refused (source: nextcloud/collectives lib/Service/PageService.php
      // trash would delete the collective's mount root, which the storage does not allow)
      if (isLandingPage(page, root)) throw new CollectivesError(403, 'Not allowed to delete the landing page');
      const parentId = parentPageId(tree, root, page);
      const segments = isIndexPage(page) ? page.segments.slice(0, -1) : page.segments;
      const node = tree.detach(segments);
      if (!node) throw new CollectivesError(404, `File not found: ${id}`);
      const at = nowSeconds();
      trash.push({ collectiveId, pageId: id, node, segments, trashTimestamp: at });
      return { page, parentId, at };
    },

    trashedPages(userId: string, collectiveId: number) {
      collectiveOf(collectiveId, userId);
      return trash.filter((item) => item.collectiveId === collectiveId);
    },

    /**
     * PageService::restore: back to where it was; a page whose folder is gone comes back to the collective's root.
     * unverified: all of it, the 404's words included (source: nextcloud/collectives lib/Service/PageService.php
     * restore)
     */
    restorePage(userId: string, collectiveId: number, id: number): PageFile {
      const collective = collectiveOf(collectiveId, userId);
      const index = trash.findIndex((item) => item.collectiveId === collectiveId && item.pageId === id);
      const item = trash[index];
      if (!item) throw new CollectivesError(404, `Failed to restore page ${id}. Not found in trash.`);
      trash.splice(index, 1);
      const tree = treeOf(userId);
      const root = collectiveRoot(collective.name);
      // unverified: the place a page comes back to when its folder is gone or its name is taken (source:
      // nextcloud/collectives lib/Trash/PageTrashBackend.php restoreItem)
      const wanted = item.segments.slice(0, -1);
      const folder = tree.find(wanted)?.kind === 'folder' ? wanted : root;
      const name = item.segments[item.segments.length - 1] ?? '';
      const suffix = item.node.kind === 'folder' ? '' : PAGE_SUFFIX;
      const free = freeName(tree, folder, name.slice(0, name.length - suffix.length));
      tree.attach([...folder, `${free}${suffix}`], item.node);
      return pageOf(tree, root, id);
    },
  };
}

export type CollectivesStore = ReturnType<typeof createCollectivesStore>;

// unverified: the words of the landing page template (source: nextcloud/collectives lib/Mount/CollectiveFolderManager.php)
const LANDING_TEXT = '# Welcome to your new collective\n\nCome, organize and build shared knowledge!\n';

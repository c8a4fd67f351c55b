// How Collectives keeps pages as files in a member's home, for the collectives double: `Readme.md` is the landing
// page, a page with subpages is a folder holding its own `Readme.md`, every other page is `{title}.md`, and a page's id
// is its file's id. Names follow the app's NodeHelper (sanitised titles, " (2)" on a clash).
// unverified: all of this but the landing page's `Readme.md` and `{title}.md` (source: nextcloud/collectives
// lib/Service/PageService.php, lib/Fs/NodeHelper.php, lib/Model/PageInfo.php)
import type { FileNode, FileTree } from '../files/file-tree.js';

export const INDEX_PAGE = 'Readme.md';
export const PAGE_SUFFIX = '.md';

/** A page file found in the tree: its node and its path below the user's home. */
export interface PageFile {
  node: FileNode;
  segments: string[];
}

/** Where a collective's pages live in a member's home (`.Collectives/{name}`). */
export function collectiveRoot(name: string): string[] {
  return ['.Collectives', name];
}

/** The page file with this id inside the collective's folder, or undefined (a folder, hidden or elsewhere). */
export function findPage(tree: FileTree, root: string[], id: number): PageFile | undefined {
  const found = tree.findById(id);
  if (!found || found.node.kind !== 'file' || !found.node.name.endsWith(PAGE_SUFFIX)) return undefined;
  const inside = found.segments.slice(0, root.length).join('/') === root.join('/');
  const hidden = found.segments.slice(root.length).some((name) => name.startsWith('.'));
  return inside && !hidden ? found : undefined;
}

export function isIndexPage(page: PageFile): boolean {
  return page.node.name === INDEX_PAGE;
}

export function isLandingPage(page: PageFile, root: string[]): boolean {
  return isIndexPage(page) && page.segments.length === root.length + 1;
}

/** The id of the page above `page`: 0 for the landing page (PageService::getParentPageId). */
export function parentPageId(tree: FileTree, root: string[], page: PageFile): number {
  if (isLandingPage(page, root)) return 0;
  const folder = page.segments.slice(0, isIndexPage(page) ? -2 : -1);
  return tree.find([...folder, INDEX_PAGE])?.fileId ?? 0;
}

/** The title: "Landing page", an index page's folder name, or the file name without `.md` (PageInfo::fromFile). */
export function pageTitle(page: PageFile, root: string[]): string {
  if (isLandingPage(page, root)) return 'Landing page';
  if (isIndexPage(page)) return page.segments[page.segments.length - 2] ?? '';
  return page.node.name.slice(0, -PAGE_SUFFIX.length);
}

/**
 * Every page of the folder at `folder`, depth first: its index page, its other Markdown files, then the pages of
 * its subfolders (hidden names skipped). A subfolder without `Readme.md` counts only when it holds pages, and then
 * gets one, as PageService::getPagesFromFolder does.
 */
export function listPages(tree: FileTree, folder: string[], isRoot = true): PageFile[] {
  const node = tree.find(folder);
  if (node?.kind !== 'folder') return [];
  const visible = [...node.children.values()]
    .filter((child) => !child.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const files = visible.filter((child) => child.kind === 'file' && child.name.endsWith(PAGE_SUFFIX));
  const nested = visible
    .filter((child) => child.kind === 'folder')
    .flatMap((child) => listPages(tree, [...folder, child.name], false));
  let index = node.children.get(INDEX_PAGE);
  if (index?.kind !== 'file') {
    if (!isRoot && files.length === 0 && nested.length === 0) return [];
    index = tree.writeFile([...folder, INDEX_PAGE], Buffer.alloc(0)).node;
  }
  const others = files.filter((child) => child.name !== INDEX_PAGE);
  return [
    { node: index, segments: [...folder, INDEX_PAGE] },
    ...others.map((child) => ({ node: child, segments: [...folder, child.name] })),
    ...nested,
  ];
}

/**
 * The folder that holds `page`'s subpages, made on first use: a page that is not an index page moves into a new
 * folder named after it, as its `Readme.md`, keeping its id (PageService::initSubFolder).
 */
export function subpageFolder(tree: FileTree, page: PageFile): string[] {
  const folder = page.segments.slice(0, -1);
  if (isIndexPage(page)) return folder;
  const name = freeName(tree, folder, page.node.name.slice(0, -PAGE_SUFFIX.length), '');
  tree.makeFolder([...folder, name]);
  const node = tree.detach(page.segments);
  if (node) tree.attach([...folder, name, INDEX_PAGE], node);
  return [...folder, name];
}

/** NodeHelper::sanitiseFilename: "/" becomes "-", `*|\:"<>?` go, spaces and dots are trimmed, empty is `fallback`. */
export function sanitiseTitle(title: string, fallback = 'New Page'): string {
  const name = title
    .replace(/\//g, '-')
    .replace(/[*|\\:"<>?]/g, '')
    .replace(/^[ .]+|[ .]+$/g, '');
  return name === '' ? fallback : name;
}

/** NodeHelper::generateFilename: `name`, or `name (2)`, `name (3)` … when `name` or `name{suffix}` is taken. */
export function freeName(tree: FileTree, folder: string[], name: string, suffix = PAGE_SUFFIX): string {
  const taken = (candidate: string) =>
    tree.find([...folder, candidate]) !== undefined || tree.find([...folder, `${candidate}${suffix}`]) !== undefined;
  let candidate = name;
  while (taken(candidate)) {
    const numbered = /^(.*)\s\((\d+)\)$/u.exec(candidate);
    candidate = numbered ? `${numbered[1]} (${Number(numbered[2]) + 1})` : `${candidate} (2)`;
  }
  return candidate;
}

/** Symfony's AsciiSlugger as Collectives uses it for page and collective slugs (letters and digits, "-" between). */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

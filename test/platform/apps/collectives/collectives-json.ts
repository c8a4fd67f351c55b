// The JSON the collectives double answers with: a collective as CollectiveController serializes it and a page as
// PageInfo::jsonSerialize does, with attachments as AttachmentService lists them.
import type { FileNode, FileTree } from '../files/file-tree.js';
import type { DoubleCollective, PageMeta } from './collectives-store.js';
import { collectiveRoot, INDEX_PAGE, PAGE_SUFFIX, parentPageId, pageTitle, type PageFile } from './page-files.js';

/** Members' level in the collective's team; the creator is its owner (Circles' Member::LEVEL_OWNER). */
const LEVEL_OWNER = 9;

// unverified: every field but id, slug, circleId, name, level and canEdit (source: nextcloud/collectives
// lib/ResponseDefinitions.php CollectivesCollective)
export function describeCollective(collective: DoubleCollective, trashTimestamp: number | null = null) {
  return {
    id: collective.id,
    slug: collective.slug,
    circleId: collective.circleId,
    emoji: collective.emoji,
    trashTimestamp,
    pageMode: 0,
    name: collective.name,
    level: LEVEL_OWNER,
    editPermissionLevel: 1,
    sharePermissionLevel: 1,
    canEdit: true,
    canShare: true,
    shareToken: null,
    isPageShare: false,
    sharePageId: 0,
    shareEditable: false,
    userPageOrder: 0,
    userShowMembers: true,
    userShowRecentPages: true,
    userFavoritePages: [],
    canLeave: false,
  };
}

// unverified: the fields beyond id, title, parentId, fileName and collectivePath (source: nextcloud/collectives
// lib/Model/PageInfo.php jsonSerialize)
export function describePage(
  tree: FileTree,
  collective: DoubleCollective,
  page: PageFile,
  meta: PageMeta,
  lastUserDisplayName: string | null,
) {
  const root = collectiveRoot(collective.name);
  const filePath = page.segments.slice(root.length, -1).join('/');
  return {
    id: page.node.fileId,
    slug: meta.slug,
    lastUserId: meta.lastUserId,
    lastUserDisplayName,
    emoji: null,
    subpageOrder: [],
    isFullWidth: false,
    tags: [],
    trashTimestamp: null as number | null,
    title: pageTitle(page, root),
    timestamp: page.node.mtime,
    size: page.node.content.length,
    fileName: page.node.name,
    filePath,
    filePathString: filePath.replace(/\//g, ' - '),
    collectivePath: root.join('/'),
    parentId: parentPageId(tree, root, page),
    shareToken: null,
  };
}

/** A trashed page as PageService::getTrashPageByFile lists it: no path, parent 0, the title from its name. */
export function describeTrashedPage(
  collective: DoubleCollective,
  trashed: FileNode,
  meta: PageMeta,
  trashTimestamp: number,
): ReturnType<typeof describePage> | undefined {
  const file = trashed.kind === 'folder' ? trashed.children.get(INDEX_PAGE) : trashed;
  if (file?.kind !== 'file') return undefined;
  return {
    id: file.fileId,
    slug: meta.slug,
    lastUserId: meta.lastUserId,
    lastUserDisplayName: null,
    emoji: null,
    subpageOrder: [],
    isFullWidth: false,
    tags: [],
    trashTimestamp,
    title: trashed.kind === 'folder' ? trashed.name : trashed.name.slice(0, -PAGE_SUFFIX.length),
    timestamp: file.mtime,
    size: file.content.length,
    fileName: file.name,
    filePath: '',
    filePathString: '',
    collectivePath: collectiveRoot(collective.name).join('/'),
    parentId: 0,
    shareToken: null,
  };
}

// unverified: the whole attachment entry (source: nextcloud/collectives lib/Service/AttachmentService.php fileToInfo)
export function describeAttachments(tree: FileTree, page: PageFile) {
  const folder = tree.find([...page.segments.slice(0, -1), `.attachments.${page.node.fileId}`]);
  if (folder?.kind !== 'folder') return [];
  return [...folder.children.values()]
    .filter((node) => node.kind === 'file')
    .map((node) => ({
      id: node.fileId,
      name: node.name,
      filesize: node.content.length,
      mimetype: node.mimeType,
      timestamp: node.mtime,
      path: `/${[...page.segments.slice(0, -1), folder.name, node.name].join('/')}`,
      internalPath: `${folder.name}/${node.name}`,
      hasPreview: node.mimeType.startsWith('image/'),
    }));
}

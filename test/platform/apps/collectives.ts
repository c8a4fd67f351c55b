// The collectives app of the platform double (Collectives 4.5): its OCS API under
// /ocs/v2.php/apps/collectives/api/v1.0 (collectives, pages, page trash, search, attachments), with the pages kept
// as Markdown files in each member's home in the files double, so WebDAV reads what the API wrote.
import type { DoubleAccount, DoubleApp, DoubleRequest } from '../double-app.js';
import { respondOcs, type OcsVersion } from '../ocs-envelope.js';
import type { FilesDouble } from './files.js';
import {
  describeAttachments,
  describeCollective,
  describePage,
  describeTrashedPage,
} from './collectives/collectives-json.js';
import { CollectivesError, createCollectivesStore, type CollectivesStore } from './collectives/collectives-store.js';
import { collectiveRoot, listPages, PAGE_SUFFIX, type PageFile } from './collectives/page-files.js';

export interface CollectivesDouble extends DoubleApp {
  /** Puts a file into the attachments folder of a page (`.attachments.{pageId}` next to its file), as Text does. */
  seedAttachment(userId: string, collectiveId: number, pageId: number, name: string, content: string): void;
}

const PREFIX = /^\/ocs\/v([12])\.php\/apps\/collectives\/api\/v1\.0(\/.*)$/;
/** How many hits a content search answers at most (PageController::contentSearch). */
const SEARCH_LIMIT = 100;

type Params = Record<string, unknown>;

export function createCollectivesApp(files: FilesDouble): CollectivesDouble {
  const store = createCollectivesStore((userId) => files.treeOf(userId));
  return {
    id: 'collectives',
    seedAttachment(userId, collectiveId, pageId, name, content) {
      const collective = store.collective(collectiveId, userId);
      const found = files.treeOf(userId).findById(pageId);
      if (!found) throw new Error(`no page ${pageId} in collective ${collective.id}`);
      const folder = [...found.segments.slice(0, -1), `.attachments.${pageId}`];
      files.seedFile(userId, [...folder, name].join('/'), content);
    },
    async handle(req, res) {
      const match = PREFIX.exec(req.path);
      if (!match || !req.user) return false;
      const version = Number(match[1]) as OcsVersion;
      const params = await readParams(req);
      try {
        const data = route(store, files, req.user, req.method, match[2] ?? '/', params);
        if (data === undefined) return false;
        respondOcs(req.raw, res, req.url, version, { status: 200, data });
      } catch (error) {
        if (!(error instanceof CollectivesError)) throw error;
        respondOcs(req.raw, res, req.url, version, { status: error.status, message: error.message });
      }
      return true;
    },
  };
}

/**
 * The answer's data for one route, or undefined for a route the app does not have.
 * unverified: every route but GET and POST /collectives, GET /collectives/{id}/pages and POST
 * /collectives/{id}/pages/{parentId} (source: nextcloud/collectives appinfo/routes.php, lib/Controller/PageController.php,
 * lib/Controller/PageTrashController.php)
 */
function route(
  store: CollectivesStore,
  files: FilesDouble,
  user: DoubleAccount,
  method: string,
  path: string,
  params: Params,
): unknown {
  const tree = files.treeOf(user.id);
  const pageJson = (collectiveId: number, page: PageFile) => {
    const meta = store.meta(page.node.fileId);
    const collective = store.collective(collectiveId, user.id);
    return describePage(tree, collective, page, meta, meta.lastUserId === user.id ? user.displayName : null);
  };
  if (path === '/collectives' && method === 'GET') {
    return { collectives: store.listFor(user.id).map((c) => describeCollective(c)) };
  }
  if (path === '/collectives' && method === 'POST') {
    const emoji = typeof params.emoji === 'string' && params.emoji !== '' ? params.emoji : null;
    return { collective: describeCollective(store.create(user.id, text(params.name), emoji)), info: '' };
  }
  const parts = /^\/collectives\/(\d+)\/(pages|search)(?:\/(trash|\d+))?(?:\/(\d+|attachments))?$/.exec(path);
  if (!parts) return undefined;
  const [, idText, area, second, third] = parts;
  const collectiveId = Number(idText);
  if (area === 'search') {
    if (second !== undefined || method !== 'GET') return undefined;
    return {
      pages: search(store, files, user, collectiveId, text(params.searchString)).map((p) => pageJson(collectiveId, p)),
    };
  }
  if (second === undefined) {
    if (method !== 'GET') return undefined;
    const collective = store.collective(collectiveId, user.id);
    return { pages: listPages(tree, collectiveRoot(collective.name)).map((p) => pageJson(collectiveId, p)) };
  }
  if (second === 'trash') return routeTrash(store, user, method, collectiveId, third, pageJson);
  const pageId = Number(second);
  if (third === 'attachments') {
    if (method !== 'GET') return undefined;
    const collective = store.collective(collectiveId, user.id);
    const page = listPages(tree, collectiveRoot(collective.name)).find((p) => p.node.fileId === pageId);
    // unverified: an unknown page answers 500, as PageController::getAttachments calls getPageFile outside its
    // error handling (source: nextcloud/collectives lib/Controller/PageController.php getAttachments)
    if (!page) throw new CollectivesError(500, 'Internal Server Error\n');
    return { attachments: describeAttachments(tree, page) };
  }
  if (third !== undefined) return undefined;
  switch (method) {
    case 'GET': {
      const collective = store.collective(collectiveId, user.id);
      const page = listPages(tree, collectiveRoot(collective.name)).find((p) => p.node.fileId === pageId);
      if (!page) throw new CollectivesError(404, `File not found: ${pageId}`);
      return { page: pageJson(collectiveId, page) };
    }
    case 'POST':
      return { page: pageJson(collectiveId, store.createPage(user.id, collectiveId, pageId, text(params.title))) };
    case 'PUT': {
      // unverified: copying (copy=true) is not imitated (source: nextcloud/collectives lib/Service/PageService.php copy)
      if (params.copy === true || params.copy === 'true') throw new Error('the double does not copy pages');
      const parentId = optionalNumber(params.parentId);
      const title = typeof params.title === 'string' && params.title !== '' ? params.title : null;
      return { page: pageJson(collectiveId, store.movePage(user.id, collectiveId, pageId, parentId, title)) };
    }
    case 'DELETE': {
      // The answer describes the page as it was, with the time it went to the trash (PageService::trash).
      const collective = store.collective(collectiveId, user.id);
      const before = listPages(tree, collectiveRoot(collective.name)).find((p) => p.node.fileId === pageId);
      const described = before ? pageJson(collectiveId, before) : undefined;
      const { at } = store.trashPage(user.id, collectiveId, pageId);
      return { page: { ...described, trashTimestamp: at } };
    }
    default:
      return undefined;
  }
}

function routeTrash(
  store: CollectivesStore,
  user: DoubleAccount,
  method: string,
  collectiveId: number,
  pageIdText: string | undefined,
  pageJson: (collectiveId: number, page: PageFile) => unknown,
): unknown {
  if (pageIdText === undefined && method === 'GET') {
    const collective = store.collective(collectiveId, user.id);
    const pages = store
      .trashedPages(user.id, collectiveId)
      .map((item) => describeTrashedPage(collective, item.node, store.meta(item.pageId), item.trashTimestamp));
    return { pages: pages.filter((page) => page !== undefined) };
  }
  if (pageIdText === undefined || pageIdText === 'attachments' || method !== 'PATCH') return undefined;
  return { page: pageJson(collectiveId, store.restorePage(user.id, collectiveId, Number(pageIdText))) };
}

/**
 * Pages whose title or text holds the words, case-insensitively.
 * unverified: the app searches a TNTSearch index that a background job and file writes keep (source:
 * nextcloud/collectives lib/Service/SearchService.php); the double matches at once and literally.
 */
function search(
  store: CollectivesStore,
  files: FilesDouble,
  user: DoubleAccount,
  collectiveId: number,
  query: string,
): PageFile[] {
  const collective = store.collective(collectiveId, user.id);
  const needle = query.toLowerCase();
  return listPages(files.treeOf(user.id), collectiveRoot(collective.name))
    .filter((page) => {
      const title = page.node.name.slice(0, -PAGE_SUFFIX.length).toLowerCase();
      return title.includes(needle) || page.node.content.toString('utf8').toLowerCase().includes(needle);
    })
    .slice(0, SEARCH_LIMIT);
}

/** Parameters from the query and a JSON or form body, as Nextcloud's request object merges them. */
async function readParams(req: DoubleRequest): Promise<Params> {
  const params: Params = Object.fromEntries(req.url.searchParams);
  const body = (await req.body()).toString('utf8');
  if (body.trim() === '') return params;
  if (String(req.headers['content-type'] ?? '').includes('json')) {
    return { ...params, ...(JSON.parse(body) as Params) };
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function optionalNumber(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

// The URLs of the Collectives OCS API (docs/nextcloud-behaviour.md, "Collectives"): collectives, their pages, the
// page trash, content search and a page's attachments. Every path segment is encoded here and nowhere else.
import { pathSegment } from '../urls.js';

const OCS = '/ocs/v2.php/apps/collectives/api/v1.0';

export const collectivesPaths = {
  collectives: () => `${OCS}/collectives`,
  pages: (collectiveId: number) => `${OCS}/collectives/${pathSegment(collectiveId)}/pages`,
  /** GET one page, POST a subpage of it, PUT to move or rename it, DELETE to trash it. */
  page: (collectiveId: number, pageId: number) => `${collectivesPaths.pages(collectiveId)}/${pathSegment(pageId)}`,
  attachments: (collectiveId: number, pageId: number) => `${collectivesPaths.page(collectiveId, pageId)}/attachments`,
  trash: (collectiveId: number) => `${collectivesPaths.pages(collectiveId)}/trash`,
  /** PATCH restores the page. */
  trashedPage: (collectiveId: number, pageId: number) =>
    `${collectivesPaths.trash(collectiveId)}/${pathSegment(pageId)}`,
  search: (collectiveId: number) => `${OCS}/collectives/${pathSegment(collectiveId)}/search`,
};

// Nextcloud's own unified search asked for one caller within bounds (providers in parallel, a time limit each, a
// deadline for all, a few hits each), its entries turned into the hits a knowledge search lists beside the index's:
// provider, title, subline, link, and the file id and path where the provider gives them. Nothing is left out
// silently: failed, skipped and unanswered providers are named, and a failure of the whole part is said in words.
import { AppError } from '../../errors.js';
import type { NextcloudClient } from '../../platform/nextcloud-client.js';
import {
  searchAllProviders,
  type ProviderFailure,
  type ProviderSkip,
} from '../../platform/unified-search/all-providers-search.js';
import { resolveNextcloudLink } from '../../platform/urls.js';
import type { NextcloudSearchSettings } from '../../settings/nextcloud-search-settings.js';

/**
 * The companion's own provider searches this index: asking it would list the index's results a second time (and
 * send a search back here), so it is skipped and named as `excluded`.
 */
export const OWN_PROVIDER_ID = 'mcp_companion_knowledge';
/** Providers asked at most (Nextcloud 32 lists about 16 with the common apps); the rest are named `over_limit`. */
export const MAX_NEXTCLOUD_PROVIDERS = 20;
/** Longer queries are not sent to Nextcloud (the term travels in the URL); the index still answers them. */
export const MAX_NEXTCLOUD_TERM_LENGTH = 200;

/** One hit of Nextcloud's unified search. It is not in the index, so it has no point id, score or PCA coordinates. */
export interface NextcloudHit {
  provider_id: string;
  provider_name: string;
  title: string;
  subline: string;
  /** Opens the item in Nextcloud; null when the provider gave no http(s) link. */
  link: string | null;
  /** The files provider's `fileId` (the `doc_id` of an indexed file); null for other providers. */
  file_id: string | null;
  /** The files provider's `path` below the user's files (what the file tools take); null for other providers. */
  path: string | null;
}

export interface NextcloudSection {
  /** `answered`: the providers were asked (some may have failed, see `failed`); `failed`: the Nextcloud part as a
   * whole did not work (`message` says why); `not_asked`: Nextcloud is asked on the first page only. */
  status: 'answered' | 'failed' | 'not_asked';
  message: string | null;
  /** Hits not already among the index's results, in Nextcloud's provider order. */
  results: NextcloudHit[];
  /** Hits that were the same item as an index result (`point_id`) or as an earlier hit (null): listed once. */
  merged: { provider_id: string; title: string; point_id: string | null }[];
  /** The providers asked. */
  providers: string[];
  failed: { provider_id: string; reason: ProviderFailure }[];
  skipped: { provider_id: string; reason: ProviderSkip }[];
}

export interface NextcloudHitsFinder {
  /** The Nextcloud the links point to. */
  host: string;
  /** `client` is the caller's own (undefined when they have no Nextcloud credential here). Never throws AppErrors. */
  find(client: NextcloudClient | undefined, query: string): Promise<NextcloudSection>;
}

export function createNextcloudHitsFinder(deps: {
  host: string;
  bounds: NextcloudSearchSettings;
}): NextcloudHitsFinder {
  return {
    host: deps.host,
    find: async (client, query) => {
      const term = query.trim();
      if (!client) return failedSection('Provision an app password first: Nextcloud is asked with your own account.');
      if (term.length > MAX_NEXTCLOUD_TERM_LENGTH) {
        return failedSection(`Nextcloud is asked only for queries of up to ${MAX_NEXTCLOUD_TERM_LENGTH} characters.`);
      }
      try {
        const found = await searchAllProviders(client, {
          term,
          excludeProviderIds: [OWN_PROVIDER_ID],
          maxProviders: MAX_NEXTCLOUD_PROVIDERS,
          limitPerProvider: deps.bounds.limitPerProvider,
          timeoutMs: deps.bounds.providerTimeoutMs,
          deadlineMs: deps.bounds.deadlineMs,
        });
        const failed = Object.entries(found.failed).map(([provider_id, reason]) => ({ provider_id, reason }));
        return {
          status: 'answered',
          message: null,
          results: found.entries.map((entry) => ({
            provider_id: entry.providerId,
            provider_name: entry.providerName,
            title: entry.title,
            subline: entry.subline,
            link: resolveNextcloudLink(deps.host, entry.resourceUrl),
            file_id: entry.attributes.fileId ?? null,
            path: entry.attributes.path ?? null,
          })),
          merged: [],
          providers: found.asked,
          failed,
          skipped: Object.entries(found.skipped).map(([provider_id, reason]) => ({ provider_id, reason })),
        };
      } catch (error) {
        // Credentials Nextcloud refuses, throttling or a provider list that did not come: the index still answers.
        if (error instanceof AppError) return failedSection(`Nextcloud's search did not answer: ${error.message}`);
        throw error;
      }
    },
  };
}

/** The section of a later page: Nextcloud's hits come with the first page only. */
export function notAskedSection(): NextcloudSection {
  return { ...emptySection('not_asked'), message: 'Nextcloud is asked on the first page only (offset 0).' };
}

/** The section when Nextcloud's search as a whole could not be asked; `message` says why. */
export function failedSection(message: string): NextcloudSection {
  return { ...emptySection('failed'), message };
}

function emptySection(status: NextcloudSection['status']): NextcloudSection {
  return { status, message: null, results: [], merged: [], providers: [], failed: [], skipped: [] };
}

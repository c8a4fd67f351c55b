// Nextcloud's unified search in the platform double: the provider list (reordered for the page the user is on) and
// per-provider search with Nextcloud's refusals, with knobs to make a provider slow or failing.
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';

export interface SearchDoubleEntry {
  title: string;
  subline?: string;
  resourceUrl?: string;
  thumbnailUrl?: string;
  icon?: string;
  attributes?: Record<string, string>;
}

export interface SearchDoubleProvider {
  id: string;
  name: string;
  order?: number;
  /** The app the provider belongs to (its id by default). */
  appId?: string;
  /** Paginated providers answer a cursor (the next offset); others answer every match and a null cursor. */
  paginated?: boolean;
  entries: SearchDoubleEntry[];
}

export interface UnifiedSearchDouble extends DoubleApp {
  /** Delays this provider's answers by `ms` (0 to stop). */
  setDelay(providerId: string, ms: number): void;
  /** Makes this provider answer HTTP `status` (null to stop). */
  setFailure(providerId: string, status: number | null): void;
  /** The search requests each provider received, as query strings. */
  queries(providerId: string): URLSearchParams[];
}

const PREFIX = '/ocs/v2.php/search/providers';
const DEFAULT_LIMIT = 5;

export function createUnifiedSearchDouble(options: { providers: SearchDoubleProvider[] }): UnifiedSearchDouble {
  const delays = new Map<string, number>();
  const failures = new Map<string, number>();
  const received = new Map<string, URLSearchParams[]>();

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    if (req.path !== PREFIX && !req.path.startsWith(`${PREFIX}/`)) return false;
    if (req.method !== 'GET') return false;
    const reply = (status: number, data: unknown, message?: string) => {
      if (!res.destroyed) respondOcs(req.raw, res, req.url, 2, { status, data, message });
    };
    if (req.path === PREFIX) {
      reply(200, listProviders(options.providers, req.url.searchParams.get('from') ?? ''));
      return true;
    }
    const match = /^\/([^/]+)\/search$/.exec(req.path.slice(PREFIX.length));
    if (!match) return false;
    const id = decodeURIComponent(match[1]!);
    const provider = options.providers.find((p) => p.id === id);
    const params = req.url.searchParams;
    if (!(params.get('term') ?? '').trim()) {
      // A missing, empty or blank term.
      reply(400, 'No valid filters provided');
      return true;
    }
    if (!provider) {
      // Nextcloud fails on the unknown id deep inside, as on any unexpected server error.
      respondOcs(req.raw, res, req.url, 2, { status: 500, statuscode: 996, message: 'Internal Server Error\n' });
      return true;
    }
    received.set(id, [...(received.get(id) ?? []), params]);
    await sleep(delays.get(id) ?? 0);
    const failure = failures.get(id);
    if (failure) reply(failure, null, 'Internal error');
    else reply(200, searchProvider(provider, params));
    return true;
  }

  return {
    id: 'unified_search',
    handle,
    setDelay: (providerId, ms) => void delays.set(providerId, ms),
    setFailure: (providerId, status) => void (status ? failures.set(providerId, status) : failures.delete(providerId)),
    queries: (providerId) => received.get(providerId) ?? [],
  };
}

/**
 * The providers in their order; `from` (the page the user is on, e.g. `/apps/notes`) gives that app's providers
 * order -1, which moves them first.
 */
function listProviders(providers: SearchDoubleProvider[], from: string) {
  const currentApp = /^\/apps\/([^/?#]+)/.exec(from)?.[1];
  return providers
    .map((provider, index) => {
      const appId = provider.appId ?? provider.id;
      const order = appId === currentApp ? -1 : (provider.order ?? (index + 1) * 10);
      return {
        id: provider.id,
        appId,
        name: provider.name,
        icon: `icon-${provider.id}`,
        order,
        isExternalProvider: false,
        triggers: [provider.id],
        filters: { term: 'string', since: 'datetime', until: 'datetime', person: 'person' },
        inAppSearch: false,
      };
    })
    .sort((a, b) => a.order - b.order);
}

function searchProvider(provider: SearchDoubleProvider, params: URLSearchParams) {
  const term = (params.get('term') ?? '').toLowerCase();
  const limit = Number(params.get('limit') ?? DEFAULT_LIMIT) || DEFAULT_LIMIT;
  const offset = Number(params.get('cursor') ?? 0) || 0;
  const matches = provider.entries.filter((entry) =>
    `${entry.title} ${entry.subline ?? ''}`.toLowerCase().includes(term),
  );
  const page = provider.paginated ? matches.slice(offset, offset + limit) : matches;
  return {
    name: provider.name,
    isPaginated: provider.paginated ?? false,
    entries: page.map((entry) => ({
      thumbnailUrl: entry.thumbnailUrl ?? '',
      title: entry.title,
      subline: entry.subline ?? '',
      resourceUrl: entry.resourceUrl ?? '',
      icon: entry.icon ?? `icon-${provider.id}`,
      rounded: false,
      // PHP's empty array: most providers answer `[]`, the files provider `{fileId, path}`.
      attributes: entry.attributes ?? [],
    })),
    cursor: provider.paginated ? offset + page.length : null,
  };
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

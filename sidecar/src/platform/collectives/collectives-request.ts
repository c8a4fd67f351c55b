// Collectives requests with the app's refusals made useful, in one place: its 404s name a collective the caller is not
// a member of ("Collective not found: 7"), a page that is not in it ("File not found: 12") or a page not in the trash;
// each becomes a NotFoundError naming the item. Every other failure maps as the NextcloudClient maps it (the app's
// message passed on, e.g. 403 "Not allowed to move or copy landing page", 400 "Collective already exists.").
import { NotFoundError, UpstreamError } from '../../errors.js';
import { describeFailure, type NextcloudClient, type NextcloudRequest } from '../nextcloud-client.js';

/** What a 404 was about: the collective (`collective 7`) or a page (`page 12 in collective 7`). */
export interface CollectivesTarget {
  collectiveId?: number;
  pageId?: number;
}

/** `ocs.data` of a Collectives call (docs/nextcloud-behaviour.md, "Collectives"). */
export async function requestCollectives<T>(
  client: NextcloudClient,
  path: string,
  target: CollectivesTarget = {},
  request: NextcloudRequest = {},
): Promise<T> {
  const response = await client.request(path, { ...request, accept: [404] });
  const body = readJson(response);
  if (response.status === 404) {
    const message = String((body?.ocs as { meta?: { message?: unknown } } | undefined)?.meta?.message ?? '');
    throw describeMissing(message, target) ?? describeFailure(response);
  }
  const data = (body?.ocs as { data?: unknown } | undefined)?.data;
  if (data === undefined) throw new UpstreamError('Collectives answered with something that is not an OCS response.');
  return data as T;
}

function describeMissing(message: string, target: CollectivesTarget): NotFoundError | undefined {
  const { collectiveId, pageId } = target;
  const collective = () =>
    new NotFoundError(
      `This account is not a member of a collective ${collectiveId}; see nc_collectives_list_collectives.`,
    );
  if (/^Collective not found/i.test(message)) return collective();
  if (/Not found in trash/i.test(message)) {
    return new NotFoundError(`Page ${pageId} is not in the trash of collective ${collectiveId}.`);
  }
  if (pageId !== undefined) {
    return new NotFoundError(`Collective ${collectiveId} has no page ${pageId}; see nc_collectives_list_pages.`);
  }
  return collectiveId === undefined ? undefined : collective();
}

function readJson(response: { body: Buffer; json(): unknown }): Record<string, unknown> | null {
  if (response.body.length === 0) return null;
  try {
    return response.json() as Record<string, unknown>;
  } catch {
    return null;
  }
}

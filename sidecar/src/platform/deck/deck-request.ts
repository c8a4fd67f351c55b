// Deck requests with Deck's refusals made useful: Deck answers an unknown or foreign board, stack or card alike with
// 403 "Permission denied" (never 404), and a deleted card with 403 "Card is deleted"; both become NotFoundError
// naming the item. Every other failure maps as the NextcloudClient maps it (Deck's message passed on).
import { NotFoundError } from '../../errors.js';
import { describeFailure, type NextcloudClient, type NextcloudRequest } from '../nextcloud-client.js';

/** The JSON answer of a Deck call (OCS answers unwrapped); `what` names the item for a refusal ("card 12"). */
export async function requestDeck<T>(
  client: NextcloudClient,
  path: string,
  what: string,
  request: NextcloudRequest = {},
): Promise<T> {
  const response = await client.request(path, { ...request, accept: [403, 404] });
  const body = readJson(response.body.length === 0 ? null : () => response.json());
  if (response.status === 403 || response.status === 404) {
    const message = String(body?.message ?? (body?.ocs as { meta?: { message?: unknown } })?.meta?.message ?? '');
    if (/^Card is deleted/i.test(message)) throw new NotFoundError(`The ${what} is deleted.`);
    if (response.status === 404 || /^Permission denied/i.test(message)) {
      throw new NotFoundError(`Deck has no ${what} that this account can see.`);
    }
    throw describeFailure(response);
  }
  return (path.startsWith('/ocs/') ? (body?.ocs as { data?: unknown } | undefined)?.data : body) as T;
}

function readJson(parse: (() => unknown) | null): Record<string, unknown> | null {
  try {
    return (parse?.() ?? null) as Record<string, unknown> | null;
  } catch {
    return null;
  }
}

// Deck requests with Deck's refusals made useful: a 400 carries Deck's reason (InvalidInputError), a 404 says
// which kind of item is missing (NotFoundError). Other statuses map as the NextcloudClient maps them.
import { InvalidInputError, NotFoundError } from '../../errors.js';
import type { NextcloudClient, NextcloudRequest } from '../nextcloud-client.js';

/** The JSON answer of a Deck call (OCS answers unwrapped); `what` names the item for a 404 ("card 12"). */
export async function requestDeck<T>(
  client: NextcloudClient,
  path: string,
  what: string,
  request: NextcloudRequest = {},
): Promise<T> {
  const response = await client.request(path, { ...request, accept: [400, 404] });
  if (response.status === 404) throw new NotFoundError(`Deck has no ${what} for this account.`);
  const body = response.body.length === 0 ? null : response.json();
  if (response.status === 400) throw new InvalidInputError(`Deck refused the request: ${reasonOf(body)}`);
  if (!path.startsWith('/ocs/')) return body as T;
  return (body as { ocs?: { data?: unknown } } | null)?.ocs?.data as T;
}

function reasonOf(body: unknown): string {
  const fields = (body ?? {}) as { message?: unknown; ocs?: { meta?: { message?: unknown } } };
  const message = fields.message ?? fields.ocs?.meta?.message;
  const reason = typeof message === 'string' && message.trim() ? message : 'invalid parameters';
  return reason.replace(/[^\x20-\x7e]/g, ' ').slice(0, 200);
}

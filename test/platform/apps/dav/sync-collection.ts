// A sync-collection REPORT as sabre answers it, over Radicale: the client's sabre token translated to Radicale's,
// a token above every one the collection gave out answered with no changes, a malformed one refused.
import { forward, readCollectionProps, type Call, type DavBackend } from './radicale-forward.js';
import { sabreError, xmlAnswer, type Answer } from './sabre-answers.js';
import { withRequestedToken, type SyncTokens } from './sync-tokens.js';

/**
 * An empty token lists everything, a known one the changes since, one above every token given out nothing but the
 * current token; anything else is no sync token at all. The answer still carries Radicale's tokens.
 */
export async function answerSyncCollection(
  backend: DavBackend,
  syncTokens: SyncTokens,
  call: Call,
  requestedToken: string,
): Promise<Answer> {
  if (requestedToken === '') return forward(backend, call);
  const { kind, userId, collection } = call.target;
  const found = syncTokens.lookup(requestedToken, kind, userId, collection);
  if (found.kind === 'malformed') {
    // unverified: the message (source: sabre/dav lib/DAV/Sync/Plugin.php)
    return sabreError(
      403,
      'Sabre\\DAV\\Exception\\InvalidSyncToken',
      'Invalid or unknown sync token',
      '<d:valid-sync-token/>',
    );
  }
  if (found.kind === 'newer') {
    const props = await readCollectionProps(backend, call, '<d:sync-token/>');
    const current = /<(?:[\w-]+:)?sync-token>([^<]*)</.exec(props)?.[1] ?? '';
    return xmlAnswer(
      '<?xml version="1.0" encoding="utf-8"?>\n' +
        `<d:multistatus xmlns:d="DAV:"><d:sync-token>${current}</d:sync-token></d:multistatus>`,
    );
  }
  const body = Buffer.from(withRequestedToken(call.body.toString('utf8'), found.token));
  return forward(backend, { ...call, body });
}

// POST /api/v1/knowledge/rescan-notices: the companion says which users' documents of which types changed where no
// webhook tells (a share made or removed, a Deck card changed); each named user's sources are scanned within seconds.
import { Router } from 'express';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import { DOC_TYPES, isDocType, type DocType } from '../knowledge/doc-types.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import type { RescanNoticeOutcome } from '../knowledge/sync/rescan-notices.js';
import type { Logger } from '../logging/logger.js';
import { USER_ID_PATTERN } from '../platform/user-ids.js';

export const RESCAN_NOTICES_PATH = '/api/v1/knowledge/rescan-notices';
/** Users one notice may name: the companion sends a group's members in batches of at most this many. */
export const MAX_NOTICE_USERS = 100;
const FIELDS = new Set(['user_ids', 'doc_types', 'reason']);
const REASON_PATTERN = /^[a-z][a-z_]{0,39}$/;

export interface RescanNoticeRequest {
  userIds: string[];
  docTypes: DocType[];
  /** Why, for the log (`share_created`, `deck_card_changed`, …). */
  reason?: string;
}

export interface RescanNoticeRouteDeps {
  /** Undefined when KNOWLEDGE_ENABLED is off: the route answers 404 saying so. */
  knowledge?: Pick<Knowledge, 'rescanNotices'>;
  logger: Logger;
}

export function createRescanNoticeRouter(deps: RescanNoticeRouteDeps): Router {
  const router = Router();
  // Only the management key reaches this point (route-access.ts, `management-key`): the companion may name any user.
  router.post(RESCAN_NOTICES_PATH, async (req, res) => {
    if (!deps.knowledge) throw new NotFoundError('The knowledge index is off (KNOWLEDGE_ENABLED=false).');
    const request = parseRescanNoticeRequest(req.body);
    const notices = [];
    for (const userId of request.userIds) {
      const result = await deps.knowledge.rescanNotices.notify(userId, request.docTypes);
      notices.push({ user_id: userId, outcome: result.outcome, scan_in_ms: result.scanInMs ?? null });
    }
    const outcomes = notices.map((notice) => notice.outcome);
    deps.logger.info(
      { reason: request.reason, docTypes: request.docTypes, outcomes: tally(outcomes) },
      'knowledge sync: rescan notices received',
    );
    const accepted = outcomes.filter((outcome) => outcome !== 'unknown_user' && outcome !== 'paused').length;
    if (accepted === 0 && outcomes.every((outcome) => outcome === 'unknown_user')) {
      throw new NotFoundError('None of the named users is synced by this server.');
    }
    if (accepted === 0) throw new ConflictError('The knowledge sync of the named users is paused.');
    res.status(202).json({ accepted, notices });
  });
  return router;
}

/** Checks the body; anything malformed is a 400 that names the field, and nothing is scanned. */
export function parseRescanNoticeRequest(body: unknown): RescanNoticeRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidInputError('The body must be a JSON object with "user_ids" and "doc_types".');
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((name) => !FIELDS.has(name));
  if (unknown.length > 0) throw new InvalidInputError(`Unknown field: ${unknown[0]!.slice(0, 40)}.`);
  const { user_ids: userIds, doc_types: docTypes, reason } = fields;
  if (!Array.isArray(userIds) || userIds.length === 0 || userIds.length > MAX_NOTICE_USERS) {
    throw new InvalidInputError(`user_ids must be a list of 1 to ${MAX_NOTICE_USERS} Nextcloud user ids.`);
  }
  if (!userIds.every(isUserId))
    throw new InvalidInputError('user_ids holds something that is not a Nextcloud user id.');
  if (!Array.isArray(docTypes) || docTypes.length === 0 || !docTypes.every(isDocType)) {
    throw new InvalidInputError(`doc_types must be a list of ${DOC_TYPES.join(', ')}.`);
  }
  if (reason !== undefined && (typeof reason !== 'string' || !REASON_PATTERN.test(reason))) {
    throw new InvalidInputError('reason must be a short word of lower-case letters and underscores.');
  }
  return {
    userIds: [...new Set(userIds)],
    docTypes: [...new Set(docTypes)],
    ...(reason === undefined ? {} : { reason }),
  };
}

function isUserId(value: unknown): value is string {
  return typeof value === 'string' && USER_ID_PATTERN.test(value) && value.trim() === value && value !== '.';
}

function tally(outcomes: RescanNoticeOutcome[]): Partial<Record<RescanNoticeOutcome, number>> {
  const counts: Partial<Record<RescanNoticeOutcome, number>> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

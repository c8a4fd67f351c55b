// The deck_card source: Deck offers no cheap change detection (If-Modified-Since on boards answers 500 on
// Nextcloud 32), so a scan lists every live board and its stacks with their cards (1 + boards requests) and
// compares a digest of all card versions with the cursor. Board and stack titles travel to the fetch through a
// bounded per-user cache filled by the scan.
import { createHash } from 'node:crypto';
import { NotFoundError } from '../../errors.js';
import { toDeckBoard, toDeckCard, type DeckCard } from '../../platform/deck/deck-models.js';
import { deckPaths } from '../../platform/deck/deck-paths.js';
import { requestDeck } from '../../platform/deck/deck-request.js';
import { SourceUnavailableError } from '../sync/source-errors.js';
import type { FetchedDocument, ScanResult, SeenDocument, SyncContext, SyncSource } from '../sync/sync-source.js';
import { appLinks } from '../../platform/app-links.js';
import { createBoundedCache, type BoundedCache } from './bounded-cache.js';

interface StackTitles {
  board: string;
  stack: string;
}

export interface DeckSourceOptions {
  /** Users whose titles are kept (least recently scanned first out). */
  maxUsers?: number;
  /** Stacks per user whose titles are kept. */
  maxStacksPerUser?: number;
}

export function createDeckSource(options: DeckSourceOptions = {}): SyncSource {
  const titles = createBoundedCache<string, BoundedCache<number, StackTitles>>({ maxEntries: options.maxUsers ?? 200 });
  const titlesOf = (userId: string) => {
    let cache = titles.get(userId);
    if (!cache) titles.set(userId, (cache = createBoundedCache({ maxEntries: options.maxStacksPerUser ?? 5000 })));
    return cache;
  };
  return {
    docType: 'deck_card',
    scan: (context, cursor) => scanDeck(context, cursor, titlesOf(context.userId)),
    read: (context, document) => fetchCard(context, document, titlesOf(context.userId)),
  };
}

async function scanDeck(
  context: SyncContext,
  cursor: string | undefined,
  titles: BoundedCache<number, StackTitles>,
): Promise<ScanResult> {
  const boards = (await listRawBoards(context)).map(toDeckBoard).filter((board) => !board.deleted);
  const changed: SeenDocument[] = [];
  for (const board of boards) {
    context.signal.throwIfAborted();
    const stacks = await requestDeck<unknown[]>(context.client, deckPaths.stacks(board.id), `board ${board.id}`);
    for (const rawStack of Array.isArray(stacks) ? stacks : []) {
      const stack = rawStack as { id?: unknown; title?: unknown; deletedAt?: unknown; cards?: unknown };
      if (typeof stack.id !== 'number' || isDeleted(stack.deletedAt)) continue;
      const where = { board: board.title, stack: typeof stack.title === 'string' ? stack.title : '' };
      titles.set(stack.id, where);
      for (const rawCard of Array.isArray(stack.cards) ? stack.cards : []) {
        if (isDeleted((rawCard as { deletedAt?: unknown }).deletedAt)) continue;
        const card = toDeckCard(rawCard);
        changed.push({
          docId: String(card.id),
          version: versionOf(card, rawCard, where),
          hint: `${board.id}/${stack.id}`,
        });
      }
    }
  }
  const digest = digestOf(changed);
  if (cursor === digest) return { kind: 'unchanged' };
  return { kind: 'changes', changed, removed: [], complete: true, cursor: digest };
}

async function fetchCard(
  context: SyncContext,
  document: SeenDocument,
  titles: BoundedCache<number, StackTitles>,
): Promise<FetchedDocument | null> {
  const cardId = Number(document.docId);
  if (!Number.isSafeInteger(cardId) || cardId <= 0) return null;
  // Deck does not check the board and stack in a card's URL; the scan's hint names the real ones.
  const [boardId = 0, stackId = 0] = (document.hint ?? '').split('/').map(Number);
  let raw: unknown;
  try {
    raw = await requestDeck(context.client, deckPaths.card({ boardId, stackId, cardId }), `card ${cardId}`);
  } catch (error) {
    // 403 "Permission denied" (unknown or no longer shared) and "Card is deleted": gone for this user.
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  if (isDeleted((raw as { deletedAt?: unknown } | null)?.deletedAt)) return null;
  const card = toDeckCard(raw);
  const where = titles.get(card.stackId) ?? (await readTitles(context, boardId, card.stackId, titles));
  const labels = card.labels.map((label) => label.title).filter(Boolean);
  const lines = [
    card.title,
    where ? `Board: ${where.board} / ${where.stack}` : '',
    labels.length > 0 ? `Labels: ${labels.join(', ')}` : '',
    card.duedate ? `Due: ${card.duedate}` : '',
    card.done ? `Done: ${card.done}` : '',
    card.description,
  ];
  return {
    docType: 'deck_card',
    docId: String(card.id),
    title: card.title || 'Untitled card',
    mimeType: 'text/markdown',
    version: versionOf(card, raw, where),
    link: appLinks.deckCard(card.id),
    modifiedAt: card.lastModified || undefined,
    extra: where ? { board: where.board.slice(0, 200), stack: where.stack.slice(0, 200) } : undefined,
    pages: [lines.filter((line) => line.trim() !== '').join('\n')],
  };
}

/** GET /boards; a Deck that is not there (not installed or not enabled for the user) answers 404. */
async function listRawBoards(context: SyncContext): Promise<unknown[]> {
  try {
    const boards = await requestDeck<unknown[]>(context.client, deckPaths.boards(), 'boards');
    return Array.isArray(boards) ? boards : [];
  } catch (error) {
    if (error instanceof NotFoundError) throw new SourceUnavailableError('Deck');
    throw error;
  }
}

/** The titles for a card woken without the scan (the cache lost them): one GET of the board. */
async function readTitles(
  context: SyncContext,
  boardId: number,
  stackId: number,
  titles: BoundedCache<number, StackTitles>,
): Promise<StackTitles | undefined> {
  if (!boardId) return undefined;
  try {
    const board = toDeckBoard(await requestDeck(context.client, deckPaths.board(boardId), `board ${boardId}`));
    for (const stack of board.stacks) titles.set(stack.id, { board: board.title, stack: stack.title });
    return titles.get(stackId);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * The card's lastModified, its ETag when Deck sent one (it changes with labels and assignments too), and a hash of
 * the board and stack titles the text shows (renaming a board re-indexes its cards).
 */
function versionOf(card: DeckCard, raw: unknown, where: StackTitles | undefined): string {
  const etag = (raw as { ETag?: unknown } | null)?.ETag;
  const parts = [String(card.lastModified)];
  if (typeof etag === 'string' && etag !== '') parts.push(etag);
  if (where) parts.push(createHash('sha256').update(`${where.board}\u0000${where.stack}`).digest('hex').slice(0, 12));
  return parts.join(':');
}

function isDeleted(deletedAt: unknown): boolean {
  return typeof deletedAt === 'number' && deletedAt !== 0;
}

/** One hash of every card with its version and place: equal digests mean nothing to do. */
function digestOf(documents: SeenDocument[]): string {
  const hash = createHash('sha256');
  for (const document of [...documents].sort((a, b) => Number(a.docId) - Number(b.docId))) {
    hash.update(`${document.docId}\u0000${document.version}\u0000${document.hint ?? ''}\n`);
  }
  return `deck-v1:${hash.digest('hex')}`;
}

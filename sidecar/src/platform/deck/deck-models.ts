// Boards, stacks, cards, labels and comments as the Deck API describes them, read defensively from its JSON.
import { UpstreamError } from '../../errors.js';

export interface DeckLabel {
  id: number;
  title: string;
  color: string;
}

export interface DeckPerson {
  userId: string;
  displayName: string;
}

export interface DeckCard {
  id: number;
  stackId: number;
  title: string;
  description: string;
  type: string;
  order: number;
  archived: boolean;
  /** ISO 8601, or null without a due date. */
  duedate: string | null;
  /** ISO 8601 time the card was marked done, or null. */
  done: string | null;
  owner: string;
  labels: DeckLabel[];
  assignedUsers: DeckPerson[];
  commentsCount: number;
  /** Unix seconds. */
  lastModified: number;
}

export interface DeckStack {
  id: number;
  boardId: number;
  title: string;
  order: number;
  cards: DeckCard[];
}

/** A share of a board (Deck's ACL entry) with a user, a group or a team. */
export interface DeckShare {
  aclId: number;
  kind: 'user' | 'group' | 'team';
  /** The user, group or team id; null when Nextcloud does not know it (Deck keeps such a share all the same). */
  participant: string | null;
  canEdit: boolean;
  canShare: boolean;
  canManage: boolean;
}

export interface DeckAttachment {
  id: number;
  /** `file` (a file of the user's) or `deck_file` (kept by Deck). */
  type: string;
  name: string;
  /** Bytes, or null when Deck does not say. */
  size: number | null;
  mimetype: string;
}

export interface DeckBoard {
  id: number;
  title: string;
  /** Hex without `#`. */
  color: string;
  archived: boolean;
  /** Soft-deleted (Deck still lists it, with `deletedAt` set). */
  deleted: boolean;
  labels: DeckLabel[];
  /** The board's stacks in their order, without their cards (only in a single board's answer). */
  stacks: DeckStack[];
  canEdit: boolean;
  canShare: boolean;
  canManage: boolean;
  shares: DeckShare[];
}

export interface DeckComment {
  id: number;
  message: string;
  authorId: string;
  authorName: string;
  createdAt: string;
}

type Json = Record<string, unknown>;

export function toDeckBoard(raw: unknown): DeckBoard {
  const board = object(raw, 'board');
  // A single board's answer carries `permissions` (docs/nextcloud-behaviour.md, Deck boards). unverified: its keys are
  // the booleans PERMISSION_READ, PERMISSION_EDIT, PERMISSION_MANAGE and PERMISSION_SHARE (source: Deck's
  // lib/Db/Board.php and its REST API documentation).
  const permissions = (board.permissions ?? {}) as Json;
  return {
    id: id(board),
    title: text(board.title),
    color: text(board.color),
    archived: board.archived === true,
    deleted: number(board.deletedAt) !== 0,
    labels: list(board.labels).map(toDeckLabel),
    stacks: list(board.stacks).map(toDeckStack).sort(byStackOrder),
    canEdit: permissions.PERMISSION_EDIT === true,
    canShare: permissions.PERMISSION_SHARE === true,
    canManage: permissions.PERMISSION_MANAGE === true,
    shares: list(board.acl).map(toDeckShare),
  };
}

/**
 * A board's ACL entry. unverified: its fields (type 0 user, 1 group, 7 team; participant an object with `uid`, null
 * when Nextcloud does not know the id; permissionEdit, permissionShare, permissionManage) (source: nextcloud/deck
 * docs/API.md "POST /boards/{boardId}/acl" and lib/Db/BoardMapper.php mapAcl()).
 */
export function toDeckShare(raw: unknown): DeckShare {
  const entry = object(raw, 'share');
  const type = number(entry.type);
  return {
    aclId: id(entry),
    kind: type === 1 ? 'group' : type === 7 ? 'team' : 'user',
    participant: entry.participant === null ? null : personOf(entry.participant).userId || null,
    canEdit: entry.permissionEdit === true,
    canShare: entry.permissionShare === true,
    canManage: entry.permissionManage === true,
  };
}

/**
 * An attachment of a card. unverified: its fields (`data` the file name, `extendedData.filesize` and `.mimetype`)
 * (source: nextcloud/deck docs/API.md "GET /boards/{boardId}/stacks/{stackId}/cards/{cardId}/attachments").
 */
export function toDeckAttachment(raw: unknown): DeckAttachment {
  const attachment = object(raw, 'attachment');
  const extended = (attachment.extendedData ?? {}) as Json;
  const size = extended.filesize;
  return {
    id: id(attachment),
    type: text(attachment.type),
    name: text(attachment.data),
    size: typeof size === 'number' && Number.isFinite(size) ? size : null,
    mimetype: text(extended.mimetype),
  };
}

export function toDeckStack(raw: unknown): DeckStack {
  const stack = object(raw, 'stack');
  return {
    id: id(stack),
    boardId: number(stack.boardId),
    title: text(stack.title),
    order: number(stack.order),
    cards: list(stack.cards).map(toDeckCard),
  };
}

export function toDeckCard(raw: unknown): DeckCard {
  const card = object(raw, 'card');
  return {
    id: id(card),
    stackId: number(card.stackId),
    title: text(card.title),
    description: text(card.description),
    type: text(card.type) || 'plain',
    order: number(card.order),
    archived: card.archived === true,
    duedate: typeof card.duedate === 'string' && card.duedate !== '' ? card.duedate : null,
    done: typeof card.done === 'string' && card.done !== '' ? card.done : null,
    owner: personOf(card.owner).userId,
    labels: list(card.labels).map(toDeckLabel),
    assignedUsers: list(card.assignedUsers).map((assignment) => personOf((assignment as Json)?.participant)),
    commentsCount: number(card.commentsCount),
    lastModified: number(card.lastModified),
  };
}

/** Stacks in their board's order: Deck answers them unsorted. */
export function byStackOrder(a: DeckStack, b: DeckStack): number {
  return a.order - b.order || a.id - b.id;
}

export function toDeckLabel(raw: unknown): DeckLabel {
  const label = object(raw, 'label');
  return { id: id(label), title: text(label.title), color: text(label.color) };
}

export function toDeckComment(raw: unknown): DeckComment {
  const comment = object(raw, 'comment');
  return {
    id: id(comment),
    message: text(comment.message),
    authorId: text(comment.actorId),
    authorName: text(comment.actorDisplayName) || text(comment.actorId),
    createdAt: text(comment.creationDateTime),
  };
}

function personOf(raw: unknown): DeckPerson {
  if (typeof raw === 'string') return { userId: raw, displayName: raw };
  const person = (raw ?? {}) as Json;
  const userId = text(person.uid) || text(person.primaryKey);
  return { userId, displayName: text(person.displayname) || userId };
}

function object(raw: unknown, what: string): Json {
  if (typeof raw !== 'object' || raw === null) throw new UpstreamError(`Deck answered with a malformed ${what}.`);
  return raw as Json;
}

function id(value: Json): number {
  if (typeof value.id !== 'number') throw new UpstreamError('Deck answered with an item without an id.');
  return value.id;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

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

export interface DeckBoard {
  id: number;
  title: string;
  archived: boolean;
  /** Soft-deleted (Deck still lists it, with `deletedAt` set). */
  deleted: boolean;
  labels: DeckLabel[];
  /** The board's stacks in their order, without their cards (only in a single board's answer). */
  stacks: DeckStack[];
  canEdit: boolean;
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
    archived: board.archived === true,
    deleted: number(board.deletedAt) !== 0,
    labels: list(board.labels).map(toDeckLabel),
    stacks: list(board.stacks).map(toDeckStack).sort(byStackOrder),
    canEdit: permissions.PERMISSION_EDIT === true,
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

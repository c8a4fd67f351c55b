// The "Welcome to Nextcloud Deck!" board a user's first Deck call creates in the deck double.
import type { DoubleAccount } from '../../double-app.js';
import type { Board, Card, Label, Person, Stack } from './deck-store.js';

/** The Welcome board's stacks, in order, with the titles of their cards. */
const WELCOME_STACKS: [string, string[]][] = [
  ['Custom lists - click to rename!', ['1. Open to learn more about boards and cards']],
  ['To Do', ['2. Drag cards left and right, up and down', 'Create your first card!']],
  ['In Progress', ['3. Apply rich formatting and link content']],
  ['Done', ['4. Share, comment and collaborate!']],
];

/** What seeding needs of the store. */
export interface WelcomeParts {
  person(user: DoubleAccount): Person;
  createBoard(owner: Person, title: string, color: string): Board;
  createStack(boardId: number, title: string, order: number): Stack;
  createCard(stackId: number, owner: Person, fields: Partial<Card>): Card;
  newId(): number;
  labels: Map<number, Label>;
}

export function seedWelcomeBoard(user: DoubleAccount, parts: WelcomeParts): void {
  const { person, createBoard, createStack, createCard, newId, labels } = parts;
  // unverified: the colour, the card titles and type, and the label each card carries (source: nextcloud/deck
  // lib/Service/fixtures/default-board.json); docs/nextcloud-behaviour.md gives the board's title and the counts.
  const board = createBoard(person(user), 'Welcome to Nextcloud Deck!', 'bf678b');
  const readMore = { id: newId(), boardId: board.id, title: 'Read more inside', color: 'CC317C' };
  labels.set(readMore.id, readMore);
  const actionNeeded = [...labels.values()].find((l) => l.boardId === board.id && l.title === 'Action needed')!;
  for (const [order, [title, cards]] of WELCOME_STACKS.entries()) {
    const stack = createStack(board.id, title, order);
    for (const [cardOrder, cardTitle] of cards.entries()) {
      const card = createCard(stack.id, person(user), { title: cardTitle, type: 'text', order: cardOrder });
      card.labelIds.push(cardTitle === 'Create your first card!' ? actionNeeded.id : readMore.id);
    }
  }
}

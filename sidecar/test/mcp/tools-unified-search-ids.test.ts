// nc_search_query's hits carry the ids our tools take, read from what each provider's entry contains (the files
// provider's attributes, the others' links), and a hit whose ids cannot be read says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { createUnifiedSearchDouble, type SearchDoubleProvider } from '../../../test/platform/apps/unified-search.js';
import {
  collectivesProviders,
  deckCardsProvider,
  mailProvider,
  talkMessagesProvider,
} from '../../../test/platform/apps/unified-search/app-providers.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Hit = { provider_id: string; title: string; ids: Record<string, string | number>; ids_missing?: string };

const SERVER = 'https://cloud.example.org';
const base = { serverUrl: SERVER };
const one = (id: string, resourceUrl: string, attributes?: Record<string, string>) => ({
  id,
  name: id,
  entries: [{ title: `plan ${id}`, resourceUrl, ...(attributes ? { attributes } : {}) }],
});

let harness: ToolHarness;
/** The double reads its providers' entries at each request: a test adds the card it made. */
const deckProvider: SearchDoubleProvider = {
  id: 'search-deck-card-board',
  name: 'Deck',
  entries: [
    { title: 'plan board', resourceUrl: `${SERVER}/index.php/apps/deck/board/6` },
    { title: 'plan card', resourceUrl: `${SERVER}/index.php/apps/deck/card/23` },
    { title: 'plan old card', resourceUrl: `${SERVER}/index.php/apps/deck/#/board/3/card/19` },
    ...deckCardsProvider(base, [{ cardId: 31, title: 'launch', boardTitle: 'Roadmap', stackTitle: 'Doing' }]).entries,
  ],
};
const providers: SearchDoubleProvider[] = [];

beforeAll(async () => {
  providers.push(
    one('files', `${SERVER}/index.php/f/42`, { fileId: '42', path: '/Docs/plan.md' }),
    {
      id: 'notes',
      name: 'Notes',
      entries: [
        { title: 'plan notes', resourceUrl: `${SERVER}/index.php/apps/notes/note/7` },
        { title: 'odd plan', resourceUrl: `${SERVER}/index.php/apps/notes/` },
      ],
    },
    one('cookbook', `${SERVER}/index.php/apps/cookbook/#/recipe/12`),
    one('search-deck-comment', `${SERVER}/index.php/apps/deck/#/board/4/card/21/comments/8`),
    deckProvider,
    one('tables-search-tables', `${SERVER}/index.php/apps/tables/#/table/5`),
    one('news_folder', `${SERVER}/index.php/apps/news/#/items/folders/2`),
    one('news_feed', `/index.php/apps/news/#/feed/9`),
    one('news_item', `/index.php/apps/news/#/feed/11`),
    one('contacts', `${SERVER}/index.php/apps/contacts/direct/contact/5c1e-ab~family`),
    one('systemtags', `${SERVER}/index.php/apps/files/tags/3`),
    one('unknown-app', `${SERVER}/index.php/apps/unknown/7`),
    ...collectivesProviders(base, [
      { collective: { id: 4, name: 'Plan Team', slug: 'plan-team' }, page: { id: 88, title: 'plan', slug: 'plan' } },
      { collective: { id: 5, name: 'Plan Old' }, page: { id: 91, title: 'plan b', folders: ['Ideas'] } },
      { collective: { id: 5, name: 'Plan Old' }, page: { id: 90, title: 'plan landing', landing: true } },
    ]),
    mailProvider(base, [{ mailboxId: 3, messageId: 1207, subject: 'plan for May', from: 'Bob' }]),
    talkMessagesProvider(base, [{ token: 'x1y2z3', messageId: 55, actorId: 'bob', message: 'the plan' }]),
  );
  const search = createUnifiedSearchDouble({ providers });
  harness = await startToolHarness({
    users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
    apps: [search, createDeckApp()],
  });
});
afterAll(() => harness.close());

describe('nc_search_query ids', () => {
  it('gives each hit the ids the tools of its app take', async () => {
    const answer = structured<{ results: Hit[] }>(await harness.call('nc_search_query', { query: 'plan' }));
    const byProvider = Object.fromEntries(answer.results.reverse().map((hit) => [hit.provider_id, hit]));

    expect(byProvider.files).toMatchObject({ ids: { path: '/Docs/plan.md' } });
    expect(byProvider.files?.ids_missing).toBeUndefined();
    expect(byProvider.notes?.ids).toEqual({ note_id: 7 });
    expect(byProvider.cookbook?.ids).toEqual({ recipe_id: 12 });
    expect(byProvider['search-deck-comment']).toMatchObject({ ids: { board_id: 4, card_id: 21 } });
    expect(byProvider['search-deck-comment']?.ids_missing).toMatch(/^stack_id/);
    expect(byProvider['tables-search-tables']?.ids).toEqual({ table_id: 5 });
    expect(byProvider.news_folder?.ids).toEqual({ folder_id: 2 });
    expect(byProvider.news_feed?.ids).toEqual({ feed_id: 9 });
    expect(byProvider.news_item).toMatchObject({ ids: { feed_id: 11 }, ids_missing: expect.stringMatching(/item/) });
    expect(byProvider.contacts?.ids).toEqual({ address_book_id: 'family', contact_id: '5c1e-ab' });
  });

  it('reads Deck links old and new, naming what a card hit lacks', async () => {
    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', { query: 'plan', provider_ids: ['search-deck-card-board'] }),
    );

    expect(answer.results.map((hit) => [hit.ids, hit.ids_missing])).toEqual([
      [{ board_id: 6 }, undefined],
      [{ card_id: 23 }, expect.stringMatching(/^board_id and stack_id/)],
      [{ board_id: 3, card_id: 19 }, expect.stringMatching(/^stack_id/)],
    ]);
  });

  it('names the board and list of a card hit whose link carries only the card', async () => {
    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', { query: 'launch', provider_ids: ['search-deck-card-board'] }),
    );

    expect(answer.results.map((hit) => [hit.ids, hit.ids_missing])).toEqual([
      [
        { card_id: 31 },
        'board_id and stack_id are not in the hit (board “Roadmap”, list “Doing”): nc_deck_list_boards, then ' +
          'nc_deck_list_stacks names them',
      ],
    ]);
  });

  it("finds the board and list of a card hit linked by the card alone, from the card and the user's boards", async () => {
    const board = structured<{ id: number }>(
      await harness.call('nc_deck_manage_board', { action: 'create', title: 'Launch plan' }),
    );
    const stack = structured<{ id: number }>(
      await harness.call('nc_deck_manage_stack', { action: 'create', board_id: board.id, title: 'Doing' }),
    );
    const card = structured<{ id: number }>(
      await harness.call('nc_deck_create_card', { board_id: board.id, stack_id: stack.id, title: 'rocket' }),
    );
    deckProvider.entries.push(
      ...deckCardsProvider(base, [{ cardId: card.id, title: 'rocket', boardTitle: 'Launch plan', stackTitle: 'Doing' }])
        .entries,
    );

    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', { query: 'rocket', provider_ids: ['search-deck-card-board'] }),
    );

    expect(answer.results.map((hit) => [hit.ids, hit.ids_missing])).toEqual([
      [{ board_id: board.id, stack_id: stack.id, card_id: card.id }, undefined],
    ]);
    const read = structured<{ title: string }>(
      await harness.call('nc_deck_get_card', answer.results[0]!.ids as Record<string, number>),
    );
    expect(read.title).toBe('rocket');
  });

  it('reads collective and page ids from slugged links, and a page id from an unslugged one', async () => {
    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', { query: 'plan', provider_ids: ['collectives', 'collectives-pages'] }),
    );

    expect(answer.results.map((hit) => [hit.title, hit.ids, hit.ids_missing])).toEqual([
      ['Plan Team', { collective_id: 4 }, undefined],
      ['Plan Old', {}, expect.stringMatching(/^collective_id is not in the hit/)],
      ['plan', { collective_id: 4, page_id: 88 }, undefined],
      ['plan b', { page_id: 91 }, 'collective_id is not in the hit: nc_collectives_list_pages names them'],
      ['plan landing', {}, 'collective_id and page_id are not in the hit: nc_collectives_list_pages names them'],
    ]);
  });

  it('gives a mail hit its mailbox and message ids', async () => {
    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', { query: 'plan', provider_ids: ['mail'] }),
    );

    expect(answer.results.map((hit) => [hit.ids, hit.ids_missing])).toEqual([
      [{ mailbox_id: 3, message_id: 1207 }, undefined],
    ]);
  });

  it('says why a hit has no ids instead of guessing', async () => {
    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', {
        query: 'plan',
        provider_ids: ['systemtags', 'talk-message', 'unknown-app'],
      }),
    );

    expect(answer.results.map((hit) => [hit.provider_id, hit.ids, hit.ids_missing])).toEqual([
      ['systemtags', {}, 'no tool takes this kind of hit'],
      ['talk-message', {}, 'no tool takes this kind of hit'],
      ['unknown-app', {}, 'ids are not read from this provider’s hits'],
    ]);
  });

  it('says so when a known provider’s link has an unexpected form', async () => {
    const answer = structured<{ results: Hit[] }>(
      await harness.call('nc_search_query', { query: 'odd', provider_ids: ['notes'] }),
    );

    expect(answer.results.map((hit) => [hit.ids, hit.ids_missing])).toEqual([
      [{}, 'the hit’s link has an unexpected form'],
    ]);
  });
});

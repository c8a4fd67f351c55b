// The news_item source against the platform double's News: a full listing first, then `items/updated` (one request
// when nothing changed, News' `>=` on lastModified included), read and star changes that keep the version, a periodic
// full listing that drops the items of a removed feed, and fetches from the scan's items or one feed listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsApp, type NewsDouble } from '../../../../test/platform/apps/news.js';
import { SourceUnavailableError } from '../../../src/knowledge/sync/source-errors.js';
import { createNewsSource } from '../../../src/knowledge/sources/news-source.js';
import type { SyncContext, SyncSource } from '../../../src/knowledge/sync/sync-source.js';
import { asChanges, startSourceDouble, type SourceDouble } from '../../support/source-scans.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const API = '/index.php/apps/news/api/v1-3';
let clock = 1_000_000;
const source: SyncSource = createNewsSource({ fullListingEveryMs: 60_000, now: () => clock });
let news: NewsDouble;
let env: SourceDouble;
let alice: SyncContext;

beforeAll(async () => {
  news = createNewsApp({
    feeds: {
      'https://blog.example/feed': {
        title: 'Example <b>Blog</b>',
        items: [
          {
            title: 'Release 1.0',
            body: '<p>We shipped <em>it</em>.</p>',
            author: 'Ann',
            url: 'https://blog.example/1',
          },
          { title: 'Roadmap', body: '<ul><li>Search</li><li>Sync</li></ul>', url: 'https://blog.example/2' },
        ],
      },
    },
  });
  env = await startSourceDouble({ users: { alice: PASSWORD }, apps: [news] });
  alice = env.contextFor('alice');
});
afterAll(() => env.close());

const callNews = <T>(method: string, path: string, json?: unknown) => env.json<T>(method, `${API}${path}`, json);
/** The requests of `act`, without their query strings. */
const requestsDuring = <T>(act: () => Promise<T>) => env.requestsDuring(act, (path) => path.split('?')[0]!);
/** News stamps changes in whole seconds: wait for the next one. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

let blogFeed: number;
let cursor: string;
let firstVersions: Map<string, string>;

describe('news source: scans', () => {
  it('lists the newest items in full on the first scan, with the feed as hint', async () => {
    blogFeed = (await callNews<{ feeds: { id: number }[] }>('POST', '/feeds', { url: 'https://blog.example/feed' }))
      .feeds[0]!.id;

    const { result, requests } = await requestsDuring(() => source.scan(alice, undefined));
    const changes = asChanges(result);

    expect(changes.complete).toBe(true);
    expect(changes.changed).toHaveLength(2);
    expect(changes.changed.every((d) => d.hint === String(blogFeed))).toBe(true);
    expect(requests).toEqual([`GET ${API}/items`]);
    cursor = changes.cursor;
    firstVersions = new Map(changes.changed.map((d) => [d.docId, d.version]));
  });

  it('answers unchanged with exactly one items/updated request, though News repeats the newest second', async () => {
    const { result, requests } = await requestsDuring(() => source.scan(alice, cursor));

    expect(result).toEqual({ kind: 'unchanged' });
    expect(requests).toEqual([`GET ${API}/items/updated`]);
  });

  it('keeps the version when an item is only read or starred', async () => {
    await nextSecond();
    const id = Number([...firstVersions.keys()][0]);
    await callNews('POST', '/items/read/multiple', { itemIds: [id] });
    await callNews('POST', '/items/star/multiple', { itemIds: [id] });

    const changes = asChanges(await source.scan(alice, cursor));

    expect(changes.complete).toBe(false);
    expect(changes.changed).toEqual([
      { docId: String(id), version: firstVersions.get(String(id)), hint: String(blogFeed) },
    ]);
    cursor = changes.cursor;
    expect(await source.scan(alice, cursor)).toEqual({ kind: 'unchanged' });
  });

  it('names the items of a newly added feed', async () => {
    await nextSecond();
    news.publishFeed('https://news.example/rss', { title: 'Other news', items: [{ title: 'Hello', body: 'World' }] });
    await callNews('POST', '/feeds', { url: 'https://news.example/rss' });

    const changes = asChanges(await source.scan(alice, cursor));

    expect(changes.changed.map((d) => d.docId)).toHaveLength(1);
    expect(changes.complete).toBe(false);
    cursor = changes.cursor;
  });

  it('lists in full again when due, which leaves out the items of a removed feed', async () => {
    await callNews('DELETE', `/feeds/${blogFeed}`);
    expect(await source.scan(alice, cursor)).toEqual({ kind: 'unchanged' });
    clock += 60_000;

    const changes = asChanges(await source.scan(alice, cursor));

    expect(changes.complete).toBe(true);
    expect(changes.changed).toHaveLength(1);
    expect(changes.changed[0]!.docId).not.toBe([...firstVersions.keys()][0]);
  });
});

describe('news source: fetch', () => {
  it('reads an item the scan saw without another item request, with its feed and external url', async () => {
    const fresh = createNewsSource();
    news.publishFeed('https://third.example/rss', {
      title: 'Third',
      items: [
        { title: 'Deep <i>dive</i>', author: 'Bo', body: '<p>Vectors &amp; words</p>', url: 'https://t.example/a' },
      ],
    });
    const feed = (await callNews<{ feeds: { id: number }[] }>('POST', '/feeds', { url: 'https://third.example/rss' }))
      .feeds[0]!.id;
    const seen = asChanges(await fresh.scan(alice, undefined)).changed.find((d) => d.hint === String(feed))!;

    const { result, requests } = await requestsDuring(() => fresh.read(alice, seen));

    expect(requests).toEqual([`GET ${API}/feeds`]);
    expect(result).toMatchObject({
      docType: 'news_item',
      docId: seen.docId,
      title: 'Deep dive',
      version: seen.version,
      link: '/index.php/apps/news',
      extra: { feed: 'Third', url: 'https://t.example/a' },
    });
    expect(result!.pages[0]).toBe('Deep dive\nBy Bo\nVectors & words');
  });

  it('lists only the item feed once when the item is not cached, and answers null for an unknown item', async () => {
    const fresh = createNewsSource();
    const seen = asChanges(await source.scan(alice, undefined)).changed[0]!;

    const { result, requests } = await requestsDuring(() => fresh.read(alice, seen));

    expect(result?.docId).toBe(seen.docId);
    expect(requests).toEqual([`GET ${API}/items`, `GET ${API}/feeds`]);
    const listing = env.double.requests.filter((r) => r.path.startsWith(`${API}/items?`)).at(-1)!;
    expect(new URL(listing.path, 'http://x').searchParams.get('id')).toBe(seen.hint);
    expect(await fresh.read(alice, { docId: '987654', version: 'x', hint: seen.hint })).toBeNull();
  });

  it('says News is unavailable when Nextcloud does not serve it', async () => {
    const bare = await startSourceDouble({ users: { alice: PASSWORD } });
    try {
      await expect(createNewsSource().scan(bare.contextFor('alice'), undefined)).rejects.toBeInstanceOf(
        SourceUnavailableError,
      );
    } finally {
      await bare.close();
    }
  });
});

// POST /api/v1/knowledge/search with `sources` naming nextcloud, and nc_knowledge_search with the same option: a real
// sidecar (basic mode, the index on) against the double with files, notes and unified search. Nextcloud's hits come
// in their own section, merged with the index's results (same file id, same link), bounded (a limit per provider, a
// time limit each, the companion's own provider never asked, an allowance per minute) and with the providers that
// failed named; every answer is checked against openapi.json.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import { fullTextSearchProvider } from '../../../test/platform/apps/unified-search/full-text-search-provider.js';
import {
  createUnifiedSearchDouble,
  type SearchDoubleProvider,
  type UnifiedSearchDouble,
} from '../../../test/platform/apps/unified-search.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { NEXTCLOUD_SEARCHES_PER_MINUTE } from '../../src/limits/nextcloud-search-limit.js';
import { until } from '../support/knowledge-sidecar.js';
import { connectClient } from '../support/mcp-client.js';
import { createAnswerChecker, loadOpenApi, readAnswer } from '../support/openapi.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';
import { structured } from '../support/tool-calls.js';

type Hit = { provider_id: string; title: string; link: string | null; file_id: string | null; path: string | null };
type Section = {
  status: string;
  message: string | null;
  results: Hit[];
  merged: { provider_id: string; title: string; point_id: string | null }[];
  providers: string[];
  failed: { provider_id: string; reason: string }[];
  skipped: { provider_id: string; reason: string }[];
};
type Answer = { results: { point_id: string; doc_id: string; title: string }[]; nextcloud?: Section };

const SEARCH = '/api/v1/knowledge/search';
const checker = createAnswerChecker(loadOpenApi());
const providers: SearchDoubleProvider[] = [];
let nextcloud: PlatformDouble;
let unified: UnifiedSearchDouble;
let sidecar: TestSidecar;
let roadmapId = '';

beforeAll(async () => {
  const files = createFilesApp();
  unified = createUnifiedSearchDouble({ providers });
  nextcloud = await startPlatformDouble({
    users: [{ id: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files, createNotesApp(), unified],
  });
  files.seedFile('carol', 'Documents/roadmap.md', '# Roadmap\n\nThe Zeppelin project ships in spring.');
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'carol',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    KNOWLEDGE_ENABLED: 'true',
    KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS: '400',
    KNOWLEDGE_NEXTCLOUD_SEARCH_DEADLINE_MS: '1000',
    KNOWLEDGE_NEXTCLOUD_SEARCH_LIMIT: '2',
  });
  await until('indexed', async () => (await search({ query: 'zeppelin' })).body.results.length === 1, {
    detail: () => sidecar.logText().slice(-3000),
  });
  roadmapId = (await search({ query: 'zeppelin' })).body.results[0]!.doc_id;
  providers.push(...nextcloudProviders(roadmapId, nextcloud.url));
}, 30_000);
afterEach(() => {
  for (const provider of providers) {
    unified.setDelay(provider.id, 0);
    unified.setFailure(provider.id, null);
  }
});
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

/** The items Nextcloud's search knows: the indexed roadmap, files not indexed yet, a note, and more. */
function nextcloudProviders(indexedFileId: string, host: string): SearchDoubleProvider[] {
  const file = (name: string, fileId: string) => ({
    title: name,
    subline: 'Zeppelin · in Documents',
    resourceUrl: `/index.php/f/${fileId}`,
    attributes: { fileId, path: `/Documents/${name}` },
  });
  return [
    {
      id: 'files',
      name: 'Files',
      order: 5,
      paginated: true,
      entries: [file('roadmap.md', indexedFileId), file('zeppelin-draft.md', '9001'), file('zeppelin-old.md', '9002')],
    },
    { id: 'notes', name: 'Notes', order: 10, entries: [{ title: 'Zeppelin ideas', resourceUrl: '/apps/notes/7' }] },
    { id: 'deck', name: 'Deck', order: 20, entries: [{ title: 'Zeppelin card' }] },
    { id: 'mcp_companion_knowledge', name: 'Knowledge search', order: 30, entries: [{ title: 'zeppelin' }] },
    // unverified: the full-text search app's provider (test/platform/apps/unified-search/full-text-search-provider.ts).
    fullTextSearchProvider(
      [
        {
          providerId: 'files',
          title: 'zeppelin-draft.md',
          excerpt: 'Zeppelin draft',
          link: `${host}/index.php/f/9001`,
        },
      ],
      40,
    ),
  ];
}

async function search(json: Record<string, unknown>, status = 200): Promise<{ body: Answer }> {
  const response = await fetch(`${sidecar.url}${SEARCH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const answer = { ...(await readAnswer(response)), headers: response.headers };
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(checker.problems('POST', SEARCH, answer)).toEqual([]);
  return answer as unknown as { body: Answer };
}

describe('POST /api/v1/knowledge/search with sources', () => {
  it('asks Nextcloud nothing and answers no nextcloud section without sources', async () => {
    const before = unified.queries('files').length;

    const { body } = await search({ query: 'zeppelin' });

    expect(body.nextcloud).toBeUndefined();
    expect(unified.queries('files')).toHaveLength(before);
  });

  it('adds Nextcloud’s hits and merges the ones the index lists (same file id) or an earlier hit lists (same link)', async () => {
    const { body } = await search({ query: 'zeppelin', sources: ['index', 'nextcloud'] });

    expect(body.results.map((r) => r.title)).toEqual(['roadmap.md']);
    expect(body.nextcloud!.results.map((h) => [h.provider_id, h.title, h.file_id, h.path])).toEqual([
      ['files', 'zeppelin-draft.md', '9001', '/Documents/zeppelin-draft.md'],
      ['notes', 'Zeppelin ideas', null, null],
      ['deck', 'Zeppelin card', null, null],
    ]);
    expect(body.nextcloud!.results[0]!.link).toBe(`${nextcloud.url}/index.php/f/9001`);
    expect(body.nextcloud!.merged).toEqual([
      { provider_id: 'files', title: 'roadmap.md', point_id: body.results[0]!.point_id },
      { provider_id: 'fulltextsearch', title: '(files) Zeppelin draft', point_id: null },
    ]);
  });

  it('answers in the shape of the contract fixture sidecar-search-nextcloud.json', async () => {
    const { body } = await search({ query: 'roadmap', sources: ['index', 'nextcloud'] });

    expect(body.nextcloud!.merged).toHaveLength(1);
    expect(shapeDifferences(body, loadFixture('sidecar-search-nextcloud.json'))).toEqual([]);
  });

  it('asks each provider for the configured limit and never asks the companion’s own provider', async () => {
    const { body } = await search({ query: 'zeppelin', sources: ['nextcloud', 'index'] });

    expect(unified.queries('files').at(-1)?.get('limit')).toBe('2');
    expect(body.nextcloud!.results.filter((h) => h.provider_id === 'files')).toHaveLength(1);
    expect(body.nextcloud!.providers).toEqual(['files', 'notes', 'deck', 'fulltextsearch']);
    expect(body.nextcloud!.skipped).toEqual([{ provider_id: 'mcp_companion_knowledge', reason: 'excluded' }]);
    expect(unified.queries('mcp_companion_knowledge')).toHaveLength(0);
  });

  it('names a slow provider timed_out and a broken one failed while the others and the index answer', async () => {
    unified.setDelay('deck', 5000);
    unified.setFailure('notes', 500);
    const started = Date.now();

    const { body } = await search({ query: 'zeppelin', sources: ['index', 'nextcloud'] });

    expect(Date.now() - started).toBeLessThan(3000);
    expect(body.results).toHaveLength(1);
    expect(body.nextcloud!.status).toBe('answered');
    expect(body.nextcloud!.failed).toEqual([
      { provider_id: 'notes', reason: 'failed' },
      { provider_id: 'deck', reason: 'timed_out' },
    ]);
    expect(body.nextcloud!.results.map((h) => h.provider_id)).toEqual(['files']);
  });

  it('answers Nextcloud’s hits alone with sources ["nextcloud"]: no index results, nothing merged', async () => {
    const { body } = await search({ query: 'zeppelin', sources: ['nextcloud'] });

    expect(body.results).toEqual([]);
    expect(body.nextcloud!.results.map((h) => h.title)).toContain('roadmap.md');
  });

  it('asks Nextcloud on the first page only and says so on later pages', async () => {
    const before = unified.queries('notes').length;

    const { body } = await search({ query: 'zeppelin', offset: 10, sources: ['index', 'nextcloud'] });

    expect(body.nextcloud).toMatchObject({ status: 'not_asked', results: [], providers: [] });
    expect(unified.queries('notes')).toHaveLength(before);
  });

  it('refuses unknown or empty sources with 400 and asks nobody', async () => {
    const before = unified.queries('files').length;

    await search({ query: 'zeppelin', sources: ['index', 'mail'] }, 400);
    await search({ query: 'zeppelin', sources: [] }, 400);
    await search({ query: 'zeppelin', sources: 'nextcloud' }, 400);

    expect(unified.queries('files')).toHaveLength(before);
  });
});

describe('nc_knowledge_search with sources', () => {
  it('lists Nextcloud’s hits beside the index’s, with the same merge, and summarizes both', async () => {
    const connection = await connectClient(`${sidecar.url}/mcp`);
    try {
      const result = await connection.client.callTool({
        name: 'nc_knowledge_search',
        arguments: { query: 'zeppelin', sources: ['index', 'nextcloud'] },
      });

      const found = structured<{ results: { title: string }[]; nextcloud: Section }>(result);
      expect(found.results.map((r) => r.title)).toEqual(['roadmap.md']);
      expect(found.nextcloud.results.map((h) => h.title)).toEqual([
        'zeppelin-draft.md',
        'Zeppelin ideas',
        'Zeppelin card',
      ]);
      expect(found.nextcloud.merged.map((m) => m.provider_id)).toEqual(['files', 'fulltextsearch']);
      expect(JSON.stringify(result.content)).toContain("Also found by Nextcloud's search (3, 2 already listed above)");
    } finally {
      await connection.close();
    }
  });

  it('refuses an unknown source as an isError result', async () => {
    const connection = await connectClient(`${sidecar.url}/mcp`);
    try {
      const result = await connection.client.callTool({
        name: 'nc_knowledge_search',
        arguments: { query: 'zeppelin', sources: ['mail'] },
      });

      expect(result.isError).toBe(true);
    } finally {
      await connection.close();
    }
  });
});

// Last in this file: it uses up the caller's allowance of searches that ask Nextcloud.
describe('the allowance of searches that ask Nextcloud', () => {
  it('lets the index answer alone, saying why, once the caller has asked Nextcloud 30 times in a minute', async () => {
    for (let i = 0; i < NEXTCLOUD_SEARCHES_PER_MINUTE; i += 1) await search({ query: 'x', sources: ['nextcloud'] });
    const before = unified.queries('notes').length;

    const { body } = await search({ query: 'zeppelin', sources: ['index', 'nextcloud'] });

    expect(body.results).toHaveLength(1);
    expect(body.nextcloud).toMatchObject({ status: 'failed', results: [], providers: [] });
    expect(body.nextcloud!.message).toMatch(/asked too often/);
    expect(unified.queries('notes')).toHaveLength(before);
  });
});

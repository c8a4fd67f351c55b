// The knowledge index in basic mode: the configured user is synced and is the caller of the knowledge routes, and
// MCP clients get the knowledge tools only while sync is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../../test/platform/apps/notes.js';
import { startPgliteServer } from '../../../../test/platform/pglite-server.js';
import { startPlatformDouble, type PlatformDouble } from '../../../../test/platform/platform-double.js';
import { until } from '../../support/knowledge-sidecar.js';
import { connectClient } from '../../support/mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../../support/sidecar.js';
import { errorText, structured } from '../../support/tool-calls.js';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;

const basicEnv = (url: string, sync: boolean) => ({
  NEXTCLOUD_HOST: url,
  NEXTCLOUD_USERNAME: 'carol',
  NEXTCLOUD_PASSWORD: APP_PASSWORD,
  VECTOR_SYNC_ENABLED: String(sync),
});

beforeAll(async () => {
  const files = createFilesApp();
  const notes = createNotesApp();
  nextcloud = await startPlatformDouble({
    users: [{ id: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files, notes],
  });
  files.seedFile('carol', 'Recipes/soup.md', 'Tomato soup: roast the tomatoes, then blend with basil.');
  notes.seedNote('carol', { title: 'Packing list', content: 'Passport, charger, walking boots.' });
  sidecar = await startTestSidecar(basicEnv(nextcloud.url, true));
  let status: Record<string, number> = {};
  await until(
    'indexed',
    async () => {
      status = (await (await fetch(`${sidecar.url}/api/v1/vector-sync/status`)).json()) as Record<string, number>;
      return status.documents === 2 && status.queued === 0;
    },
    { detail: () => `${JSON.stringify(status)}\n${sidecar.logText().slice(-3000)}` },
  );
}, 30_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('basic mode', () => {
  it('answers the knowledge routes for the configured user without a token, with the embedder in the sync status', async () => {
    const response = await fetch(`${sidecar.url}/api/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'boots', algorithm: 'bm25' }),
    });
    const body = (await response.json()) as { results: { title: string; doc_type: string }[] };
    expect(body.results.map((r) => [r.doc_type, r.title])).toEqual([['note', 'Packing list']]);
    const status = (await (await fetch(`${sidecar.url}/api/v1/status`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ vector_sync_enabled: true });
    const sync = (await (await fetch(`${sidecar.url}/api/v1/vector-sync/status`)).json()) as Record<string, unknown>;
    expect(sync).toMatchObject({ index: { engine: 'sqlite' }, embedder: { configured: 'hashing', kind: 'lexical' } });
    expect((sync.embedder as { description: string }).description).toMatch(/not semantic/);
  });

  it('lists the knowledge tools and finds content with nc_knowledge_search', async () => {
    const connection = await connectClient(`${sidecar.url}/mcp`);
    try {
      const names = (await connection.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['nc_knowledge_search', 'nc_knowledge_chunk_context', 'nc_knowledge_sync_status']),
      );
      const result = await connection.client.callTool({
        name: 'nc_knowledge_search',
        arguments: { query: 'tomato soup', doc_types: ['file'] },
      });
      type Found = { results: { title: string; file_path?: string; link: string; relevance: number }[] };
      const found = structured<Found>(result);
      expect(found.results[0]).toMatchObject({ title: 'soup.md', file_path: '/Recipes/soup.md' });
      expect(found.results[0]!.link).toMatch(/\/index\.php\/f\/\d+$/);
      // score_threshold acts on the relevance: just below the best hit's, only hits at least that relevant remain.
      const threshold = found.results[0]!.relevance - 0.01;
      const close = structured<Found>(
        await connection.client.callTool({
          name: 'nc_knowledge_search',
          arguments: { query: 'tomato soup', doc_types: ['file'], score_threshold: threshold },
        }),
      );
      expect(close.results[0]!.title).toBe('soup.md');
      expect(close.results.every((hit) => hit.relevance >= threshold)).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it('allows a caller 240 searches a minute, then answers 429 with Retry-After', async () => {
    const search = () =>
      fetch(`${sidecar.url}/api/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'boots', algorithm: 'bm25', limit: 1 }),
      });
    // The first two tests of this file searched in this minute: once over REST, twice with nc_knowledge_search.
    let allowed = 3;
    let refused = await search();
    while (refused.status === 200 && allowed < 300) {
      allowed += 1;
      refused = await search();
    }
    expect(allowed).toBe(240);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${sidecar.url}/api/v1/vector-sync/status`)).status).toBe(200);
  });

  it('counts nc_knowledge_search against the same allowance: past it an isError result, the status still answers', async () => {
    // The test before used up this minute's 240 searches over REST.
    const connection = await connectClient(`${sidecar.url}/mcp`);
    try {
      const search = await connection.client.callTool({ name: 'nc_knowledge_search', arguments: { query: 'boots' } });
      const status = await connection.client.callTool({ name: 'nc_knowledge_sync_status', arguments: {} });

      expect(errorText(search)).toMatch(/Too many attempts/);
      expect(structured<{ documents: number }>(status).documents).toBe(2);
    } finally {
      await connection.close();
    }
  });

  it('lists no knowledge tools and answers 404 on its routes while sync is off', async () => {
    const off = await startTestSidecar(basicEnv(nextcloud.url, false));
    const connection = await connectClient(`${off.url}/mcp`);
    try {
      const names = (await connection.client.listTools()).tools.map((tool) => tool.name);
      expect(names.filter((name) => name.startsWith('nc_knowledge_'))).toEqual([]);
      const search = await fetch(`${off.url}/api/v1/search`, { method: 'POST', body: '{}' });
      expect(search.status).toBe(404);
    } finally {
      await connection.close();
      await off.stop();
    }
  });

  it('keeps the index in PostgreSQL + pgvector when DATABASE_URL is set', async () => {
    const postgres = await startPgliteServer();
    // PGlite is one session: its socket server interleaves the statements of several connections, so one it is.
    const withPostgres = await startTestSidecar({
      ...basicEnv(nextcloud.url, true),
      DATABASE_URL: postgres.url,
      DATABASE_POOL_MAX: '1',
    });
    try {
      let status = {};
      await until(
        'indexed in PostgreSQL',
        async () => {
          const state = (await (await fetch(`${withPostgres.url}/api/v1/vector-sync/status`)).json()) as {
            documents: number;
            queued: number;
            index: { engine: string };
          };
          status = state;
          expect(state.index?.engine, JSON.stringify(state)).toBe('postgres');
          return state.documents === 2 && state.queued === 0;
        },
        { timeoutMs: 20_000, detail: () => JSON.stringify(status) },
      );
      const response = await fetch(`${withPostgres.url}/api/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'basil tomatoes', algorithm: 'hybrid' }),
      });
      const body = (await response.json()) as { results: { title: string; point_id: string }[] };
      expect(body.results[0]!.title).toBe('soup.md');
      const again = await fetch(`${withPostgres.url}/api/v1/search/points`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ point_ids: [body.results[0]!.point_id] }),
      });
      expect(((await again.json()) as { results: { title: string }[] }).results.map((r) => r.title)).toEqual([
        'soup.md',
      ]);
    } finally {
      await withPostgres.stop();
      await postgres.stop();
    }
  }, 40_000);
});

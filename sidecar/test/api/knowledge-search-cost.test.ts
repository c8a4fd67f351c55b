// What one search may cost: a query is bounded after Unicode normalisation (U+FDFA is one character that becomes 18),
// and four floods of the largest queries at once, over REST and MCP, leave GET /health/live answering quickly. The
// sidecar runs in a process of its own, so the latencies are its own, not those of this process's clients.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { spawnCli } from '../support/cli-process.js';
import { until } from '../support/knowledge-sidecar.js';
import { connectClient } from '../support/mcp-client.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { makeTempDir } from '../support/temp-dir.js';
import { errorText } from '../support/tool-calls.js';

/** ﷺ: NFKD makes it the 18 characters "صلى الله عليه وسلم" (four words). */
const LIGATURE = '\uFDFA';
/** The attack's query: 15.9 KB of UTF-8, 95,400 characters once normalised. */
const HOSTILE_QUERY = LIGATURE.repeat(5300);
/** The largest query of ligatures that is still accepted: 9,990 characters once normalised. */
const LARGEST_QUERY = LIGATURE.repeat(555);
const NOTES = 120;
/** USER_HZ: what /proc counts CPU time in (100 on every Linux platform Node supports). */
const CLOCK_TICKS_PER_SECOND = 100;
let nextcloud: PlatformDouble;
let child: ChildProcess;
let sidecarUrl: string;
let connection: Awaited<ReturnType<typeof connectClient>>;
const temp = makeTempDir('search-cost-');

beforeAll(async () => {
  const notes = createNotesApp();
  nextcloud = await startPlatformDouble({ users: [{ id: 'carol', appPasswords: [APP_PASSWORD] }], apps: [notes] });
  // Chunks longer than an excerpt: each result's excerpt looks for the query's terms in its text.
  for (let i = 0; i < NOTES; i += 1) {
    const words = Array.from({ length: 120 }, (_, j) => `word${(i * 7 + j * 13) % 997} salla allah`).join(' ');
    notes.seedNote('carol', { title: `Note ${i}`, content: words });
  }
  child = spawnCli(['run'], {
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'carol',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    VECTOR_SYNC_ENABLED: 'true',
    TOKEN_STORAGE_DB: temp.file('tokens.db'),
    MCP_SERVER_HOST: '127.0.0.1',
    MCP_SERVER_PORT: '0',
    LOG_LEVEL: 'info',
  });
  sidecarUrl = await listeningUrl(child);
  let status: Record<string, number> = {};
  await until(
    'the notes are indexed',
    async () => {
      status = (await (await fetch(`${sidecarUrl}/api/v1/vector-sync/status`)).json()) as Record<string, number>;
      return status.documents === NOTES && status.queued === 0;
    },
    { timeoutMs: 60_000, detail: () => JSON.stringify(status) },
  );
  connection = await connectClient(`${sidecarUrl}/mcp`);
}, 90_000);
afterAll(async () => {
  await connection?.close();
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  await nextcloud?.close();
  temp.remove();
});

/** The URL the sidecar logs once it listens; all its output is read (and dropped), so it never blocks on a pipe. */
function listeningUrl(sidecar: ChildProcess): Promise<string> {
  sidecar.stderr!.resume();
  const lines = createInterface({ input: sidecar.stdout! });
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(line);
      if (match?.[1] && line.includes('listening')) resolve(match[1]);
    });
    sidecar.once('exit', () => reject(new Error('The sidecar exited before listening.')));
  });
}

const searchRest = (query: string) =>
  fetch(`${sidecarUrl}/api/v1/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, algorithm: 'semantic', limit: 100 }),
  });

const searchMcp = (query: string) =>
  connection.client.callTool({
    name: 'nc_knowledge_search',
    arguments: { query, algorithm: 'semantic', limit: 50 },
  });

/** Latencies of GET /health/live, asked every 25 ms while `work` runs, as a liveness probe would (none waits). */
async function liveLatenciesDuring(work: () => Promise<unknown>): Promise<number[]> {
  const probes: Promise<number>[] = [];
  const probe = async () => {
    const started = performance.now();
    // A reset connection (a keep-alive socket the server closed while busy) counts with the time it took.
    await fetch(`${sidecarUrl}/health/live`)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    return performance.now() - started;
  };
  const timer = setInterval(() => probes.push(probe()), 25);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Promise.all(probes);
}

/** Milliseconds of CPU the sidecar process has used so far (user and system, all its threads). */
function sidecarCpuMs(): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** Four callers at once, each running `rounds` searches one after the other; what each search came to. */
async function fourAtOnce(search: () => Promise<string>, rounds: number): Promise<string[]> {
  const outcomes: string[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let round = 0; round < rounds; round += 1) {
        // A reset connection (the server was too busy to keep it) is part of what is measured.
        outcomes.push(await search().catch(() => 'reset'));
      }
    }),
  );
  return outcomes;
}

const restOutcome = (query: string) => async () => {
  const response = await searchRest(query);
  await response.arrayBuffer();
  return String(response.status);
};
const mcpOutcome = (query: string) => async () => ((await searchMcp(query)).isError ? 'isError' : 'ok');

describe('the cost of one search', () => {
  it('refuses a query longer than 10,000 characters after normalisation with 400, saying so', async () => {
    const response = await searchRest(HOSTILE_QUERY);

    const body = (await response.json()) as { error: string; message: string };
    expect([response.status, body.error]).toEqual([400, 'invalid_input']);
    expect(body.message).toMatch(/at most 10000 characters after Unicode normalisation/);
  });

  it('answers nc_knowledge_search with such a query with an isError result', async () => {
    const result = await searchMcp(LIGATURE.repeat(2000));

    expect(errorText(result)).toMatch(/at most 10000 characters after Unicode normalisation/);
  });

  it('answers the largest accepted query with 100 results, each with an excerpt', async () => {
    const response = await searchRest(LARGEST_QUERY);

    const body = (await response.json()) as { results: { excerpt: string }[] };
    expect(response.status).toBe(200);
    expect(body.results.length).toBe(100);
    expect(body.results.every((result) => result.excerpt.length > 0)).toBe(true);
  });

  it.each([
    ['POST /api/v1/search', restOutcome(HOSTILE_QUERY), '400'],
    ['POST /api/v1/search at the bound', restOutcome(LARGEST_QUERY), '200'],
    ['nc_knowledge_search', mcpOutcome(LIGATURE.repeat(2000)), 'isError'],
    ['nc_knowledge_search at the bound', mcpOutcome(LARGEST_QUERY), 'ok'],
  ])(
    'spends under 50 ms of CPU per search and keeps GET /health/live answering while four floods of %s run',
    async (name, search, expected) => {
      // Code the JIT compiled already, as in a server that ran a while.
      for (let i = 0; i < 3; i += 1) await search();

      let outcomes: string[] = [];
      const cpuBefore = sidecarCpuMs();
      const latencies = await liveLatenciesDuring(async () => (outcomes = await fourAtOnce(search, 8)));

      const cpuPerSearch = (sidecarCpuMs() - cpuBefore) / outcomes.length;
      const [p50, p95] = [percentile(latencies, 0.5), percentile(latencies, 0.95)];
      const latency = `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${latencies.length} probes`;
      const figures = `${latency}, ${cpuPerSearch.toFixed(1)} ms CPU per search`;
      console.info(`GET /health/live under four floods of ${name}: ${figures}`);
      expect(new Set(outcomes)).toEqual(new Set([expected]));
      // The CPU a search costs does not depend on how busy the machine is; the latency does. The target is a p95
      // under 200 ms, but with other test runs sharing two cores even a flood of instant 400s saw p95s of 65–500 ms
      // here: the bound only tells the fixed sidecar (tens of ms, CPU 5–15 ms a search) from the old one (seconds).
      expect(cpuPerSearch, figures).toBeLessThan(50);
      expect(p95, figures).toBeLessThan(1000);
    },
    120_000,
  );
});

// tools/list as a client's HTTP request sees it: p50 of the default list (every app present) in both protocol eras and
// of a session that enabled every tool group, and from initialize to the first tools/list answer (cold: Nextcloud
// asked which apps it has, with and without MCP_PRELOAD; warm: remembered); against a same-run reference, the status
// route (no MCP work).
import { request } from 'undici';
import type { DoubleApp } from '../../test/platform/double-app.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { basicModeEnv, BENCH_PASSWORD, startSidecarChild } from './child-process.js';
import { percentile, printLine, sampleTimes, type BenchLine } from './report.js';

const CALLS = 200;
const FIRST_LIST_RUNS = 30;
/** What docs/nextcloud-behaviour.md gives for an app-password request to a real Nextcloud ("tens of ms"). */
const NEXTCLOUD_LATENCY_MS = 30;
const LEGACY_VERSION = '2025-06-18';
const MODERN_VERSION = '2026-07-28';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/** The groups a session starts without (tool-groups.ts), all present in the double below. */
const GROUPS_ON_DEMAND = ['contacts', 'deck', 'news', 'mail', 'tables', 'cookbook', 'collectives', 'sharing'];

/** Apps that only announce themselves (capability or menu entry), so that every tool is offered. */
const MENU_ONLY_APPS = ['news', 'mail', 'collectives'];
const PRESENT_APPS: DoubleApp[] = [
  'notes',
  'deck',
  'news',
  'mail',
  'tables',
  'cookbook',
  'collectives',
  'files_sharing',
].map((id) => ({
  id,
  capabilities: MENU_ONLY_APPS.includes(id) ? undefined : () => ({ version: '1.0.0' }),
  handle: () => false,
}));

export async function benchMcpToolList(dbPath: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }],
    apps: PRESENT_APPS,
  });
  // The first caller after start: with MCP_PRELOAD the MCP side is loaded right after listening (the target); by
  // default it loads with the first /mcp request, for an idle sidecar about 15 MB smaller (reported beside it).
  const preloaded = await startSidecarChild({ ...basicModeEnv(double.url, `${dbPath}.preload`), MCP_PRELOAD: 'true' });
  double.setLatency(NEXTCLOUD_LATENCY_MS);
  const coldPreloaded = await timeFirstList(`${preloaded.info.url}/mcp`, 1);
  double.setLatency(0);
  await preloaded.stop();
  const sidecar = await startSidecarChild(basicModeEnv(double.url, dbPath));
  const mcpUrl = `${sidecar.info.url}/mcp`;
  double.setLatency(NEXTCLOUD_LATENCY_MS);
  const cold = await timeFirstList(mcpUrl, 1);
  double.setLatency(0);
  const status = await time(() => request(`${sidecar.info.url}/api/v1/status`).then((r) => r.body.text()));
  const reference = { name: 'GET /api/v1/status', value: percentile(status, 50) };
  const session = await initialize(mcpUrl);
  const legacy = await time(() => post(mcpUrl, session, { jsonrpc: '2.0', id: 2, method: 'tools/list' }));
  const modernHeaders = { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/list' };
  const modern = await time(() => post(mcpUrl, modernHeaders, modernToolsList()));
  const listBytes = (await post(mcpUrl, session, { jsonrpc: '2.0', id: 3, method: 'tools/list' })).length;
  const enable = { name: 'nc_core_enable_tool_groups', arguments: { groups: GROUPS_ON_DEMAND } };
  await post(mcpUrl, session, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: enable });
  const everyGroup = await time(() => post(mcpUrl, session, { jsonrpc: '2.0', id: 5, method: 'tools/list' }));
  const fullBytes = (await post(mcpUrl, session, { jsonrpc: '2.0', id: 6, method: 'tools/list' })).length;
  const firstList = await timeFirstList(mcpUrl, FIRST_LIST_RUNS);
  const lines: BenchLine[] = [
    line(`tools/list p50, 2025 session (${(listBytes / 1024).toFixed(0)} KB answer)`, legacy, reference, 5),
    line('tools/list p50, 2026-07-28 request', modern, reference, 5),
    line(
      `tools/list p50, 2025 session with every group enabled (${(fullBytes / 1024).toFixed(0)} KB)`,
      everyGroup,
      reference,
      5,
    ),
    line('initialize to first tools/list answer p50 (2025 session)', firstList, reference, 50),
    {
      ...line(
        `the same, first caller after start with MCP_PRELOAD, Nextcloud answering in ${NEXTCLOUD_LATENCY_MS} ms`,
        coldPreloaded,
        reference,
        0,
      ),
      target: '<= 150 ms',
      pass: (coldPreloaded[0] ?? Infinity) <= 150,
    },
    {
      ...line(
        `the same without MCP_PRELOAD (the default: the first /mcp request loads the MCP side)`,
        cold,
        reference,
        0,
      ),
      target: 'report only',
      pass: true,
    },
  ];
  await sidecar.stop();
  await double.close();
  lines.forEach(printLine);
  return lines;
}

function line(name: string, samples: number[], reference: BenchLine['reference'], targetMs: number): BenchLine {
  const value = percentile(samples, 50);
  return { name, value, unit: 'ms', reference, target: `<= ${targetMs} ms`, pass: value <= targetMs };
}

/** initialize + initialized; returns the headers of the session's later requests. */
async function initialize(url: string): Promise<Record<string, string>> {
  const params = { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
  const response = await request(url, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params }),
  });
  await response.body.text();
  const session = {
    'mcp-session-id': String(response.headers['mcp-session-id']),
    'mcp-protocol-version': LEGACY_VERSION,
  };
  await post(url, session, { jsonrpc: '2.0', method: 'notifications/initialized' });
  return session;
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<string> {
  const response = await request(url, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`MCP answered ${response.statusCode}: ${text.slice(0, 200)}`);
  return text;
}

function modernToolsList() {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } };
}

async function timeFirstList(url: string, runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const session = await initialize(url);
    await post(url, session, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    samples.push(performance.now() - start);
    await request(url, { method: 'DELETE', headers: { ...HEADERS, ...session } }).then((r) => r.body.text());
  }
  return samples.sort((a, b) => a - b);
}

function time(work: () => Promise<unknown>): Promise<number[]> {
  return sampleTimes(work, { calls: CALLS, warmUp: 20 });
}

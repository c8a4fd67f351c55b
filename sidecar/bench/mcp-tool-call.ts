// A tool call through the sidecar against the direct HTTP call it makes to Nextcloud (the double), p50 ratio; the
// double answers after 30 ms, what docs/nextcloud-behaviour.md gives for an app-password request to real Nextcloud.
// With Nextcloud answering at once, the same call from a minimal JSON-RPC client (one keep-alive POST, as the direct
// call is made) gives the sidecar's own cost; the SDK client's line adds what that client spends on its side.
// Given a DATABASE_URL, the same calls through a second sidecar on PostgreSQL, against the SQLite sidecar's p50 (a
// basic-mode call reads no stored state: those lines measure the sidecar running on PostgreSQL, not the database).
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { basicModeEnv, BENCH_PASSWORD, startSidecarChild, type BenchChild } from './child-process.js';
import { percentile, printLine, sampleTimes, sampleTimesInterleaved, type BenchLine } from './report.js';

const CALLS = 200;
const WARM_UP = 20;
const NEXTCLOUD_LATENCY_MS = 30;

/** `databaseUrl`: an empty PostgreSQL database for a second sidecar with DATABASE_URL; without it, SQLite only. */
export async function benchMcpToolCall(dbPath: string, databaseUrl?: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }] });
  const sidecar = await startSidecarChild(basicModeEnv(double.url, dbPath));
  const postgres =
    databaseUrl === undefined
      ? undefined
      : await startSidecarChild({ ...basicModeEnv(double.url, dbPath), DATABASE_URL: databaseUrl });
  const connect = async (child: BenchChild<{ url: string }>) => {
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${child.info.url}/mcp`)));
    return client;
  };
  const client = await connect(sidecar);
  const minimal = minimalToolCall(sidecar.info.url, sessionIdOf(client));
  const postgresClient = postgres && (await connect(postgres));
  const authorization = `Basic ${Buffer.from(`alice:${BENCH_PASSWORD}`).toString('base64')}`;
  const direct = () =>
    request(`${double.url}/ocs/v2.php/cloud/user?format=json`, {
      headers: { authorization, 'ocs-apirequest': 'true' },
    }).then((r) => r.body.text());
  const whoami = (on: Client) => () => on.callTool({ name: 'nc_core_whoami', arguments: {} });

  const lines: BenchLine[] = [];
  for (const latency of [NEXTCLOUD_LATENCY_MS, 0]) {
    double.setLatency(latency);
    const directTimes = await time(direct);
    // SQLite and PostgreSQL take turns call by call: their ratio is not skewed by what else the machine does.
    const [toolTimes, postgresTimes]: [number[], number[]?] = postgresClient
      ? ((await sampleTimesInterleaved([whoami(client), whoami(postgresClient)], {
          calls: CALLS,
          warmUp: 20,
        })) as [number[], number[]])
      : [await time(whoami(client))];
    lines.push({
      name: `tool call nc_core_whoami p50, Nextcloud answering in ${latency} ms`,
      value: percentile(toolTimes, 50),
      unit: 'ms',
      reference: { name: 'the direct HTTP call it makes', value: percentile(directTimes, 50) },
      target: latency > 0 ? 'ratio <= 1.3' : 'reported (the sidecar overhead alone)',
      pass: latency === 0 || percentile(toolTimes, 50) <= 1.3 * percentile(directTimes, 50),
    });
    if (latency === 0) {
      // The hop alone: a request to the same sidecar that does nothing (no MCP, no Nextcloud), taking turns with both.
      const hop = () => request(`${sidecar.info.url}/health/live`).then((r) => r.body.text());
      const [minimalTimes, directAgain, hopTimes] = await sampleTimesInterleaved([minimal, direct, hop], {
        calls: CALLS,
        warmUp: 20,
      });
      const added = percentile(minimalTimes!, 50) - percentile(directAgain!, 50);
      lines.push({
        name: 'tool call nc_core_whoami p50 from a minimal JSON-RPC client, Nextcloud answering in 0 ms',
        value: percentile(minimalTimes!, 50),
        unit: 'ms',
        reference: { name: 'the direct HTTP call it makes', value: percentile(directAgain!, 50) },
        target: 'at most 1 ms more than the direct call',
        pass: added <= 1,
      });
      // Wall time swings with what else the machine runs; the sidecar's own CPU time per call much less.
      const cpuBefore = cpuMsOf(sidecar);
      await time(minimal);
      lines.push({
        name: 'CPU time of the sidecar (user + system, all threads) per tool call from the minimal client',
        value: (cpuMsOf(sidecar) - cpuBefore) / (CALLS + WARM_UP),
        unit: 'ms',
        target: 'report only (steadier than wall time on a shared machine)',
        pass: true,
      });
      lines.push({
        name: 'the hop alone: GET /health/live of the same sidecar (no MCP, no Nextcloud), taking turns with the above',
        value: percentile(hopTimes!, 50),
        unit: 'ms',
        reference: { name: 'what the minimal client call adds to the direct call', value: added },
        target: 'report only (the part of the added time no MCP work can remove)',
        pass: true,
      });
    }
    if (!postgresTimes) continue;
    lines.push({
      name:
        `tool call nc_core_whoami p50 with DATABASE_URL (PostgreSQL; a basic-mode call reads no stored state), ` +
        `Nextcloud answering in ${latency} ms`,
      value: percentile(postgresTimes, 50),
      unit: 'ms',
      reference: { name: 'the same call through the sidecar on SQLite', value: percentile(toolTimes, 50) },
      target: 'ratio <= 1.1',
      pass: percentile(postgresTimes, 50) <= 1.1 * percentile(toolTimes, 50),
    });
  }
  await client.close();
  await postgresClient?.close();
  await sidecar.stop();
  await postgres?.stop();
  await double.close();
  lines.forEach(printLine);
  return lines;
}

/** The session the SDK client opened (2025-era clients keep one; the minimal client calls within it). */
function sessionIdOf(client: Client): string | undefined {
  return (client.transport as { sessionId?: string } | undefined)?.sessionId;
}

/** One `tools/call` POST of nc_core_whoami; throws unless the answer carries the tool's result. */
function minimalToolCall(url: string, sessionId: string | undefined): () => Promise<void> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
  };
  let id = 0;
  return async () => {
    id += 1;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'nc_core_whoami' } });
    const answer = await request(`${url}/mcp`, { method: 'POST', headers, body }).then((r) => r.body.text());
    if (!answer.includes('"structuredContent"')) throw new Error(`tools/call failed: ${answer.slice(0, 200)}`);
  };
}

function time(work: () => Promise<unknown>): Promise<number[]> {
  return sampleTimes(work, { calls: CALLS, warmUp: WARM_UP });
}

/** CPU time the child has used so far, in ms: utime + stime of /proc/<pid>/stat, in USER_HZ (100 a second). */
function cpuMsOf(child: BenchChild<unknown>): number {
  const fields = readFileSync(`/proc/${child.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ", utime and stime are the 12th and 13th fields.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

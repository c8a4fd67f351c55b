// A tool call through the sidecar against the direct HTTP call it makes to Nextcloud (the double), p50 ratio; the
// double answers after 30 ms, what docs/nextcloud-behaviour.md gives for an app-password request to real Nextcloud.
// Given a DATABASE_URL, the same calls through a second sidecar on PostgreSQL, against the SQLite sidecar's p50 (a
// basic-mode call reads no stored state: those lines measure the sidecar running on PostgreSQL, not the database).
import { request } from 'undici';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { basicModeEnv, BENCH_PASSWORD, startSidecarChild, type BenchChild } from './child-process.js';
import { percentile, printLine, sampleTimes, sampleTimesInterleaved, type BenchLine } from './report.js';

const CALLS = 200;
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

function time(work: () => Promise<unknown>): Promise<number[]> {
  return sampleTimes(work, { calls: CALLS, warmUp: 20 });
}

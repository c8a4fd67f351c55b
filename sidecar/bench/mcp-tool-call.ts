// A tool call through the sidecar against the direct HTTP call it makes to Nextcloud (the double), p50 ratio; the
// double answers after 30 ms, what platform-api.md gives for an app-password request to real Nextcloud.
import { request } from 'undici';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { basicModeEnv, BENCH_PASSWORD, startSidecarChild } from './child-process.js';
import { percentile, printLine, sampleTimes, type BenchLine } from './report.js';

const CALLS = 200;
const NEXTCLOUD_LATENCY_MS = 30;

export async function benchMcpToolCall(dbPath: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }] });
  const sidecar = await startSidecarChild(basicModeEnv(double.url, dbPath));
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${sidecar.info.url}/mcp`)));
  const authorization = `Basic ${Buffer.from(`alice:${BENCH_PASSWORD}`).toString('base64')}`;
  const direct = () =>
    request(`${double.url}/ocs/v2.php/cloud/user?format=json`, {
      headers: { authorization, 'ocs-apirequest': 'true' },
    }).then((r) => r.body.text());
  const viaSidecar = () => client.callTool({ name: 'nc_core_whoami', arguments: {} });

  const lines: BenchLine[] = [];
  for (const latency of [NEXTCLOUD_LATENCY_MS, 0]) {
    double.setLatency(latency);
    const directTimes = await time(direct);
    const toolTimes = await time(viaSidecar);
    lines.push({
      name: `tool call nc_core_whoami p50, Nextcloud answering in ${latency} ms`,
      value: percentile(toolTimes, 50),
      unit: 'ms',
      reference: { name: 'the direct HTTP call it makes', value: percentile(directTimes, 50) },
      target: latency > 0 ? 'ratio <= 1.3' : 'reported (the sidecar overhead alone)',
      pass: latency === 0 || percentile(toolTimes, 50) <= 1.3 * percentile(directTimes, 50),
    });
  }
  await client.close();
  await sidecar.stop();
  await double.close();
  lines.forEach(printLine);
  return lines;
}

function time(work: () => Promise<unknown>): Promise<number[]> {
  return sampleTimes(work, { calls: CALLS, warmUp: 20 });
}

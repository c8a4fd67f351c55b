// GET /metrics against the real sidecar and the platform double: off by default, behind the management API key, and
// counters that move by exactly what happened, labelled by route template, with a bounded number of series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from '../support/mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';
import { movedSamples, scrape, seriesOf } from './scrape.js';

const API_KEY = 'metrics-test-key-0123456789';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let mcp: Awaited<ReturnType<typeof connectClient>>;

function startSidecar(env: Record<string, string> = {}): Promise<TestSidecar> {
  return startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    ...env,
  });
}

beforeAll(async () => {
  nextcloud = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
    apps: [createNotesApp()],
  });
  sidecar = await startSidecar({ METRICS_ENABLED: 'true', MANAGEMENT_API_KEY: API_KEY });
  mcp = await connectClient(`${sidecar.url}/mcp`);
});
afterAll(async () => {
  await mcp.close();
  await sidecar.stop();
  await nextcloud.close();
});

const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });

describe('GET /metrics access', () => {
  it('answers 404 while METRICS_ENABLED is off (the default)', async () => {
    const plain = await startSidecar();
    try {
      const response = await fetch(`${plain.url}/metrics`);

      expect(response.status).toBe(404);
    } finally {
      await plain.stop();
    }
  });

  it('answers 401 without the management API key and with a wrong one', async () => {
    const missing = await fetch(`${sidecar.url}/metrics`);
    const wrong = await fetch(`${sidecar.url}/metrics`, { headers: { 'x-api-key': `${API_KEY}x` } });

    expect([missing.status, wrong.status]).toEqual([401, 401]);
    expect(await missing.text()).not.toContain('nextcloud_mcp_');
  });

  it('serves the Prometheus text format with process metrics to the key holder', async () => {
    const response = await fetch(`${sidecar.url}/metrics`, { headers: { 'x-api-key': API_KEY } });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE nextcloud_mcp_http_requests_total counter');
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('GET /metrics counts', () => {
  it('moves the request counter by the requests made, labelled by route template, never by the path sent', async () => {
    const before = await scrape(sidecar.url, API_KEY);

    for (let i = 0; i < 3; i += 1) await fetch(`${sidecar.url}/api/v1/status`);
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, { headers: { 'x-api-key': API_KEY } });
    await fetch(`${sidecar.url}/no/such/page/alice`);
    const after = await scrape(sidecar.url, API_KEY);

    const moved = movedSamples(before, after, 'nextcloud_mcp_http_requests_total');
    expect(moved).toEqual({
      'nextcloud_mcp_http_requests_total{method="GET",route="/api/v1/status",status="200"}': 3,
      // Basic mode offers no provisioning: the matched route answers 404, under its template.
      'nextcloud_mcp_http_requests_total{method="GET",route="/api/v1/users/:userId/app-password",status="404"}': 1,
      'nextcloud_mcp_http_requests_total{method="GET",route="unmatched",status="404"}': 1,
      // The first scrape, counted once it was answered.
      'nextcloud_mcp_http_requests_total{method="GET",route="/metrics",status="200"}': 1,
    });
    expect([...after.keys()].join('\n')).not.toContain('alice');
    expect(after.get('nextcloud_mcp_http_request_duration_seconds_count{method="GET",route="/api/v1/status"}')).toBe(
      (before.get('nextcloud_mcp_http_request_duration_seconds_count{method="GET",route="/api/v1/status"}') ?? 0) + 3,
    );
  });

  it('counts tool calls by tool and outcome, and a Nextcloud failure by status class', async () => {
    await call('nc_notes_list', {}); // capabilities and the user are remembered before the counts start
    const before = await scrape(sidecar.url, API_KEY);
    const requestsBefore = nextcloud.requests.length;

    await call('nc_notes_list', {});
    await call('nc_notes_get', { note_id: 987654 });
    const okAndMissing = nextcloud.requests.length - requestsBefore;
    nextcloud.setFault('status-500');
    const failing = await call('nc_notes_list', {});
    nextcloud.setFault('none');
    const failed = nextcloud.requests.length - requestsBefore - okAndMissing;
    const after = await scrape(sidecar.url, API_KEY);

    expect(failing.isError).toBe(true);
    expect(movedSamples(before, after, 'nextcloud_mcp_tool_calls_total')).toEqual({
      'nextcloud_mcp_tool_calls_total{tool="nc_notes_list",outcome="ok"}': 1,
      'nextcloud_mcp_tool_calls_total{tool="nc_notes_get",outcome="not_found"}': 1,
      'nextcloud_mcp_tool_calls_total{tool="nc_notes_list",outcome="upstream_error"}': 1,
    });
    expect(after.get('nextcloud_mcp_tool_call_duration_seconds_count{tool="nc_notes_list"}')).toBe(
      (before.get('nextcloud_mcp_tool_call_duration_seconds_count{tool="nc_notes_list"}') ?? 0) + 2,
    );
    const outbound = movedSamples(before, after, 'nextcloud_mcp_outbound_requests_total');
    expect(outbound['nextcloud_mcp_outbound_requests_total{target="nextcloud",method="GET",outcome="5xx"}']).toBe(
      failed,
    );
    expect(failed).toBeGreaterThan(0);
    expect(Object.values(outbound).reduce((sum, n) => sum + n, 0)).toBe(okAndMissing + failed);
  });

  it('keeps the number of series bounded: 1,000 different paths add at most two', async () => {
    const before = await scrape(sidecar.url, API_KEY);

    for (let i = 0; i < 500; i += 1) {
      await fetch(`${sidecar.url}/api/v1/users/user-${i}/app-password`, { headers: { 'x-api-key': API_KEY } });
      await fetch(`${sidecar.url}/random/${i}`);
    }
    const after = await scrape(sidecar.url, API_KEY);

    const added = seriesOf(after, 'nextcloud_mcp_http_requests_total').length;
    expect(added - seriesOf(before, 'nextcloud_mcp_http_requests_total').length).toBeLessThanOrEqual(2);
    expect([...after.keys()].some((key) => key.includes('user-1'))).toBe(false);
  });

  it('keeps separate counts for two servers in one process', async () => {
    const other = await startSidecar({ METRICS_ENABLED: 'true' });
    try {
      const before = await scrape(sidecar.url, API_KEY);

      await fetch(`${sidecar.url}/api/v1/status`);
      await fetch(`${sidecar.url}/api/v1/status`);
      await fetch(`${other.url}/api/v1/status`);

      const key = 'nextcloud_mcp_http_requests_total{method="GET",route="/api/v1/status",status="200"}';
      expect((await scrape(sidecar.url, API_KEY)).get(key)! - (before.get(key) ?? 0)).toBe(2);
      expect((await scrape(other.url)).get(key)).toBe(1);
    } finally {
      await other.stop();
    }
  });
});

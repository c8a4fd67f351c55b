// The official MCP conformance suite against the sidecar: its active scenarios, and exactly those the 2026-07-28
// revision requires, with the expected failures (and their reasons) in test/conformance/expected-failures*.yml: an
// unexpected failure or a stale expected failure fails this test.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const CONFORMANCE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const expectedFailures = (name: string) => fileURLToPath(new URL(`../../../test/conformance/${name}`, import.meta.url));
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;

beforeAll(async () => {
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }] });
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    LOG_LEVEL: 'warn',
  });
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

function runSuite(url: string, options: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONFORMANCE, 'server', '--url', url, ...options], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the MCP conformance suite', () => {
  it('passes every scenario that is not an expected failure, and no expected failure passes', async () => {
    const { code, output } = await runSuite(`${sidecar.url}/mcp`, [
      '--expected-failures',
      expectedFailures('expected-failures.yml'),
    ]);

    const summary = output.slice(output.indexOf('=== SUMMARY ==='));
    expect(summary, summary).toMatch(/server-initialize: \d+ passed, 0 failed/);
    expect(summary).toMatch(/dns-rebinding-protection: \d+ passed, 0 failed/);
    expect(code, summary).toBe(0);
  }, 240_000);

  it('passes what the 2026-07-28 revision requires, but for the expected failures', async () => {
    const { code, output } = await runSuite(`${sidecar.url}/mcp`, [
      '--requirements',
      '2026-07-28',
      '--expected-failures',
      expectedFailures('expected-failures-2026-07-28.yml'),
    ]);

    const summary = output.slice(output.indexOf('=== SUMMARY ==='));
    expect(summary, summary).toMatch(/server-stateless: (2[4-9]|[3-9]\d) passed/);
    expect(summary).toMatch(/sep-2164-resource-not-found: \d+ passed, 0 failed/);
    expect(summary).toMatch(/dns-rebinding-protection: \d+ passed, 0 failed/);
    expect(code, summary).toBe(0);
  }, 240_000);
});

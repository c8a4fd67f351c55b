// The official MCP conformance suite against the sidecar, with the expected failures (and their reasons) in
// test/conformance/expected-failures.yml: an unexpected failure or a stale expected failure fails this test.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const CONFORMANCE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const EXPECTED_FAILURES = fileURLToPath(new URL('../../../test/conformance/expected-failures.yml', import.meta.url));
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

function runSuite(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CONFORMANCE, 'server', '--url', url, '--expected-failures', EXPECTED_FAILURES],
      {
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the MCP conformance suite', () => {
  it('passes every scenario that is not an expected failure, and no expected failure passes', async () => {
    const { code, output } = await runSuite(`${sidecar.url}/mcp`);

    const summary = output.slice(output.indexOf('=== SUMMARY ==='));
    expect(summary, summary).toMatch(/server-initialize: \d+ passed, 0 failed/);
    expect(summary).toMatch(/dns-rebinding-protection: \d+ passed, 0 failed/);
    expect(code, summary).toBe(0);
  }, 240_000);
});

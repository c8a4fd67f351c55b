// The official MCP conformance suite's authorization-server scenarios against the sidecar's authorization server:
// its metadata document, then a whole authorization code grant with PKCE and `resource` for a pre-registered client,
// where this test plays the user (sign-in through Login Flow v2 at the platform double, consent) for the suite.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../test/platform/free-port.js';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { signInAndConsent } from '../support/sdk-oauth-client.js';

const CONFORMANCE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const CLIENT_ID = 'mcp-conformance-suite';
let setup: AuthorizationServerSetup;
let callbackPort: number;

beforeAll(async () => {
  callbackPort = await findFreePort();
  setup = await startAuthorizationServerSidecar({
    MCP_OAUTH_CLIENTS: JSON.stringify([
      {
        client_id: CLIENT_ID,
        client_name: 'MCP conformance suite',
        redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
      },
    ]),
  });
});
afterAll(async () => setup.stop());

/** Runs the suite; when it prints the authorization URL, signs in and consents, and hands it the redirect. */
function runAuthorizationSuite(): Promise<{ code: number | null; output: string }> {
  const redirectUri = `http://127.0.0.1:${callbackPort}/callback`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        CONFORMANCE,
        'authorization',
        '--url',
        setup.issuer,
        '--client-id',
        CLIENT_ID,
        '--resource',
        setup.resource,
        '--port',
        String(callbackPort),
      ],
      { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let userActed = false;
    const actAsUser = async (authorizationUrl: string) => {
      const callback = await signInAndConsent(setup, new URL(authorizationUrl), redirectUri);
      // The suite's callback server reads the code from the redirect, as a browser would deliver it.
      await fetch(callback);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const printed = output.match(new RegExp(`^${setup.issuer}/\\S*authorize\\S*$`, 'm'))?.[0];
      if (printed && !userActed) {
        userActed = true;
        actAsUser(printed).catch((error: unknown) => {
          child.kill();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the MCP conformance suite, authorization server scenarios', () => {
  it('passes the metadata document and the authorization code grant', async () => {
    const { code, output } = await runAuthorizationSuite();

    const summary = output.slice(output.indexOf('=== SUMMARY ==='));
    expect(summary, output.slice(-4000)).toMatch(/authorization-server-metadata-endpoint: [1-9]\d* passed, 0 failed/);
    expect(summary, output.slice(-4000)).toMatch(/authorization-code-grant: [1-9]\d* passed, 0 failed/);
    expect(code, summary).toBe(0);
  }, 120_000);
});

// Browser journey through the sidecar's own authorization server in Chromium: an MCP client's authorization URL,
// the sign-in through Nextcloud's Login Flow v2 (the double's grant page in a new window, with an e-mail login name),
// the consent page with a scope unticked, the redirect back to the client with code, state and iss, and the app
// password Nextcloud granted stored as the user's credential; the pages refuse to be framed.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sidecar/src/main.js';
import { openStore } from '../../sidecar/src/store/open-store.js';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import { authorizationUrlAt, startOwnServerSidecar } from './support/own-server-sidecar.js';
import { makeTempDir } from '../../sidecar/test/support/temp-dir.js';

const ALICE_LOGIN_PASSWORD = 'correct horse battery staple';
const temp = makeTempDir();
let nextcloud: PlatformDouble;
let sidecar: RunningServer;
let issuer: string;
let browser: Browser;
let page: Page;
let framer: Server;
let client: Server;
/** The MCP client's redirect URI: a loopback server of the test. */
let REDIRECT_URI: string;

beforeAll(async () => {
  client = createServer((_req, res) => res.end('the client'));
  await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
  REDIRECT_URI = `http://127.0.0.1:${(client.address() as AddressInfo).port}/callback`;
  nextcloud = await startPlatformDouble({
    users: [{ id: 'alice', email: 'alice@example.com', loginPassword: ALICE_LOGIN_PASSWORD }],
  });
  ({ sidecar, issuer } = await startOwnServerSidecar({
    nextcloudUrl: nextcloud.url,
    tokensDb: temp.file('tokens.db'),
    clients: [{ client_id: 'desk', client_name: 'Desk App', redirect_uris: [REDIRECT_URI] }],
  }));
  // Another origin of the same site (another port), which tries to frame the sign-in page.
  framer = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!DOCTYPE html><iframe src="${decodeURIComponent((req.url ?? '/').slice(1))}"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => framer.close(() => resolve()));
  await new Promise<void>((resolve) => client.close(() => resolve()));
  await sidecar.close(1000);
  await nextcloud.close();
  temp.remove();
});

/** The login name of alice's stored app password, read from the sidecar's database. */
async function storedLoginName(): Promise<string | undefined> {
  const store = await openStore({ path: temp.file('tokens.db'), encryptionKey: Buffer.alloc(32, 4) });
  try {
    return (await store.appPasswords!.get('alice'))?.loginName;
  } finally {
    await store.close();
  }
}

function authorizationUrl(verifier: string): string {
  return authorizationUrlAt(issuer, {
    clientId: 'desk',
    redirectUri: REDIRECT_URI,
    verifier,
    scope: 'files:read calendar:read calendar:write',
    state: 'browser-state',
  });
}

describe('connecting an MCP client in the browser', () => {
  it('signs in through Nextcloud, consents without one scope and returns to the client', async () => {
    const verifier = randomBytes(32).toString('base64url');
    await page.goto(authorizationUrl(verifier));

    await page.getByRole('button', { name: 'Sign in with Nextcloud' }).click();
    // Nextcloud's grant page opens in a new window; the user logs in there and grants access.
    const [nextcloudPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: "Open Nextcloud's sign-in page" }).click(),
    ]);
    await nextcloudPage.locator('input[name="user"]').fill('alice@example.com');
    await nextcloudPage.locator('input[name="password"]').fill(ALICE_LOGIN_PASSWORD);
    await Promise.all([nextcloudPage.waitForLoadState('load'), nextcloudPage.locator('#grant').click()]);
    await nextcloudPage.locator('#granted').waitFor();
    await nextcloudPage.close();
    await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 15_000 });
    const consentText = await page.locator('main').textContent();
    await page.getByRole('checkbox', { name: /calendar:write/ }).uncheck();
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(REDIRECT_URI)),
      page.getByRole('button', { name: 'Allow' }).click(),
    ]);

    const callback = new URL(page.url());
    const exchanged = await fetch(`${issuer}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'desk',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        resource: `${issuer}/mcp`,
      }),
    });
    const { scope } = (await exchanged.json()) as { scope: string };
    expect(consentText).toContain('Desk App');
    expect(callback.searchParams.get('state')).toBe('browser-state');
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(scope.split(' ').sort()).toEqual(['calendar:read', 'files:read']);
    expect(await storedLoginName()).toBe('alice@example.com');
  });

  it('is not shown inside a frame of another origin', async () => {
    const framed = await browser.newPage();
    const refusals: string[] = [];
    framed.on('console', (message) => refusals.push(message.text()));
    const framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;

    await framed.goto(`${framerUrl}/${encodeURIComponent(authorizationUrl(randomBytes(32).toString('base64url')))}`);
    await framed.waitForTimeout(1000);

    expect(refusals.join('\n')).toContain("frame-ancestors 'none'");
  });
});

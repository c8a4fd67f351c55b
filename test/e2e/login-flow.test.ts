// Browser journey of Login Flow v2: the sidecar starts a flow, the user logs in and grants access in Chromium on the
// double's grant page (with an e-mail login name, which differs from the user id), and the next poll stores the app
// password as that user's credential.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginFlowSignIn, type LoginFlowSignIn } from '../../sidecar/src/auth/login-flow/login-flow-sign-in.js';
import { createLogger } from '../../sidecar/src/logging/logger.js';
import { createHttpClient, type HttpClient } from '../../sidecar/src/net/http-client.js';
import { createLoginFlowStore } from '../../sidecar/src/store/login-flows.js';
import { openStore, type Store } from '../../sidecar/src/store/open-store.js';
import { makeTempDir } from '../../sidecar/test/support/temp-dir.js';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';

const ERIN_LOGIN_PASSWORD = 'correct horse battery staple';

let nextcloud: PlatformDouble;
let http: HttpClient;
let temp: ReturnType<typeof makeTempDir>;
let store: Store;
let signIn: LoginFlowSignIn;
let browser: Browser;

beforeAll(async () => {
  nextcloud = await startPlatformDouble({
    users: [{ id: 'uid-42', email: 'erin@example.com', loginPassword: ERIN_LOGIN_PASSWORD }],
  });
  http = createHttpClient({ verifySsl: true, timeoutMs: 5_000, userAgent: 'login-flow-e2e' });
  temp = makeTempDir('login-flow-e2e-');
  store = await openStore({ path: temp.file('store.db'), encryptionKey: new Uint8Array(32).fill(1) });
  signIn = createLoginFlowSignIn({
    flows: createLoginFlowStore(store.db, store.box!),
    appPasswords: store.appPasswords!,
    http,
    nextcloudHost: nextcloud.url,
    timeoutMs: 5_000,
    logger: createLogger('silent'),
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
  await http?.close();
  await nextcloud?.close();
  temp?.remove();
});

describe('signing in through Nextcloud in the browser', () => {
  it('stores the app password the user granted on the login page, under their e-mail login name', async () => {
    const { flowId, loginUrl } = await signIn.start({ callerKey: 'e2e' });
    const page = await browser.newPage();
    await page.goto(loginUrl);
    await page.locator('input[name="user"]').fill('erin@example.com');
    await page.locator('input[name="password"]').fill(ERIN_LOGIN_PASSWORD);
    await Promise.all([page.waitForLoadState('load'), page.locator('#grant').click()]);
    await page.locator('#granted').waitFor();

    const outcome = await signIn.poll(flowId);

    const stored = await store.appPasswords!.get('uid-42');
    expect(outcome).toEqual({
      status: 'granted',
      userId: 'uid-42',
      loginName: 'erin@example.com',
      appPassword: stored?.password,
    });
    expect(stored?.password).toMatch(/^[A-Za-z0-9]{72}$/);
  });
});

// GET /api/v1/connection: what the companion's "Test connection" calls to check address and management API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const KEY = 'a-management-key-of-some-length';
let double: PlatformDouble;
let withKey: TestSidecar;
let withoutKey: TestSidecar;

beforeAll(async () => {
  double = await startPlatformDouble();
  const env = { NEXTCLOUD_HOST: double.url, ENABLE_MULTI_USER_BASIC_AUTH: 'true' };
  withKey = await startTestSidecar({ ...env, MANAGEMENT_API_KEY: KEY });
  withoutKey = await startTestSidecar(env);
});
afterAll(async () => {
  await Promise.all([withKey.stop(), withoutKey.stop()]);
  await double.close();
});

const check = (sidecar: TestSidecar, key?: string) =>
  fetch(`${sidecar.url}/api/v1/connection`, { headers: key === undefined ? {} : { 'x-api-key': key } });

describe('GET /api/v1/connection', () => {
  it('answers the contract document when the key is right', async () => {
    const response = await check(withKey, KEY);

    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ connected: true, auth_mode: 'multi_user_basic', api_key_required: true });
    expect(shapeDifferences(body, loadFixture('sidecar-connection.json'))).toEqual([]);
  });

  it('answers 401 with the error document for a wrong or missing key', async () => {
    const wrong = await check(withKey, 'not-the-key');
    const missing = await check(withKey);

    const body = await wrong.json();
    expect([wrong.status, missing.status]).toEqual([401, 401]);
    expect(body).toMatchObject({ error: 'unauthenticated' });
    expect(shapeDifferences(body, loadFixture('sidecar-error.json'))).toEqual([]);
  });

  it('says when the sidecar checks no key at all', async () => {
    const response = await check(withoutKey, 'any-key');

    expect(await response.json()).toMatchObject({ connected: true, api_key_required: false });
  });
});

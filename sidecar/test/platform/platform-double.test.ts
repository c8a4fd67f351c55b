// The platform double itself behaves as platform-api.md says Nextcloud does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

let double: PlatformDouble;
beforeAll(async () => {
  double = await startPlatformDouble({
    subPath: '/cloud',
    users: [
      { id: 'uid-42', loginName: 'Erin', displayName: 'Erin E.', appPasswords: ['EEEEE-EEEEE-EEEEE-EEEEE-EEEEE'] },
    ],
  });
});
afterAll(() => double.close());

const ocsHeaders = (auth: string) => ({ authorization: auth, 'ocs-apirequest': 'true', accept: 'application/json' });

describe('platform double: GET /ocs/v2.php/cloud/user', () => {
  it('answers the OCS v2 envelope with the user id, which can differ from the login name', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/user`, {
      headers: ocsHeaders(basicAuth('erin', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE')),
    });

    const body = (await response.json()) as { ocs: { meta: unknown; data: unknown } };
    expect(response.status).toBe(200);
    expect(body.ocs.meta).toMatchObject({ status: 'ok', statuscode: 200 });
    expect(body.ocs.data).toMatchObject({ id: 'uid-42', 'display-name': 'Erin E.' });
  });

  it('answers a bad password with 401 and statuscode 997, as Nextcloud 32 does', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/user`, {
      headers: ocsHeaders(basicAuth('erin', 'wrong')),
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      ocs: { meta: expect.objectContaining({ status: 'failure', statuscode: 997 }), data: [] },
    });
  });

  it('answers v1 failures with HTTP 200 and the outcome in the envelope', async () => {
    const response = await fetch(`${double.url}/ocs/v1.php/cloud/user?format=json`, {
      headers: { authorization: basicAuth('erin', 'wrong') },
    });

    expect(response.status).toBe(200);
    expect(((await response.json()) as { ocs: { meta: { statuscode: number } } }).ocs.meta.statuscode).toBe(997);
  });

  it('answers XML without format=json or a JSON Accept header', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/user`, {
      headers: { authorization: basicAuth('erin', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE') },
    });

    expect(response.headers.get('content-type')).toMatch(/xml/);
    expect(await response.text()).toContain('<id>uid-42</id>');
  });

  it('stops accepting a revoked app password', async () => {
    double.addUser({ id: 'frank', appPasswords: ['FFFFF-FFFFF-FFFFF-FFFFF-FFFFF'] });
    double.revokeAppPassword('frank', 'FFFFF-FFFFF-FFFFF-FFFFF-FFFFF');

    const response = await fetch(`${double.url}/ocs/v2.php/cloud/user`, {
      headers: ocsHeaders(basicAuth('frank', 'FFFFF-FFFFF-FFFFF-FFFFF-FFFFF')),
    });

    expect(response.status).toBe(401);
  });
});

describe('platform double: sub-path and status.php', () => {
  it('serves only under its sub-path', async () => {
    const inside = await fetch(`${double.url}/status.php`);
    const outside = await fetch(`${double.url.replace('/cloud', '')}/status.php`);

    expect(await inside.json()).toMatchObject({ installed: true, maintenance: false, productname: 'Nextcloud' });
    expect(outside.status).toBe(404);
  });
});

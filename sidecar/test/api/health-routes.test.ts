// /health/live and /health/ready against the platform double: reachable, in maintenance, down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startTestSidecar, type TestSidecar } from '../support/sidecar.js';

let double: PlatformDouble;
let sidecar: TestSidecar;
beforeAll(async () => {
  double = await startPlatformDouble();
  sidecar = await startTestSidecar({ NEXTCLOUD_HOST: double.url, NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' });
});
afterAll(async () => {
  await sidecar.stop();
  await double.close();
});

describe('health routes', () => {
  it('answers live', async () => {
    const response = await fetch(`${sidecar.url}/health/live`);

    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the store is open and Nextcloud answers status.php', async () => {
    const response = await fetch(`${sidecar.url}/health/ready`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { store: 'ok', nextcloud: 'ok' } });
  });

  it('is not ready while Nextcloud is in maintenance', async () => {
    double.setMaintenance(true);

    const response = await fetch(`${sidecar.url}/health/ready`);

    double.setMaintenance(false);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { checks: { nextcloud: string } }).checks.nextcloud).toBe('maintenance');
  });

  it('is not ready when Nextcloud answers nonsense', async () => {
    double.setFault('html');

    const response = await fetch(`${sidecar.url}/health/ready`);

    double.setFault('none');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { checks: { nextcloud: string } }).checks.nextcloud).toBe('unreachable');
  });

  it('answers unknown routes with a JSON 404 and a request id', async () => {
    const response = await fetch(`${sidecar.url}/nope?token=secret`);

    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({
      error: 'not_found',
      message: expect.any(String),
      request_id: response.headers.get('x-request-id'),
    });
  });

  it('sets security headers', async () => {
    const response = await fetch(`${sidecar.url}/api/v1/status`);

    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

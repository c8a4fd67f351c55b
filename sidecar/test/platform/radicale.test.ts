// The Radicale launcher: a real CalDAV/CardDAV server on loopback, gone after stop().
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startRadicale } from '../../../test/platform/radicale.js';

const ALICE = { 'x-remote-user': 'alice' };

describe('startRadicale', () => {
  it('answers DAV requests of the user named by X-Remote-User on a loopback port', async () => {
    const radicale = await startRadicale();

    const response = await fetch(`${radicale.url}/alice/`, {
      method: 'PROPFIND',
      headers: { ...ALICE, depth: '0' },
    });

    const body = await response.text();
    await radicale.stop();
    expect(radicale.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(response.status).toBe(207);
    expect(body).toContain('<href>/alice/</href>');
  });

  it('refuses access to the collection of another user under owner_only rights', async () => {
    const radicale = await startRadicale();
    const bob = { 'x-remote-user': 'bob' };
    const created = await fetch(`${radicale.url}/bob/cal/`, { method: 'MKCALENDAR', headers: bob });

    const response = await fetch(`${radicale.url}/bob/cal/`, {
      method: 'PROPFIND',
      headers: { ...ALICE, depth: '0' },
    });

    await radicale.stop();
    expect(created.status).toBe(201);
    expect([403, 404]).toContain(response.status);
  });

  it('stops the server and removes its temp directory', async () => {
    const radicale = await startRadicale();

    await radicale.stop();

    expect(existsSync(radicale.dir)).toBe(false);
    await expect(fetch(`${radicale.url}/`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  });

  it('fails with the reason when the executable cannot start', async () => {
    const start = startRadicale({ command: '/nonexistent/radicale', startTimeoutMs: 2000 });

    await expect(start).rejects.toThrow(/Radicale/);
  });
});

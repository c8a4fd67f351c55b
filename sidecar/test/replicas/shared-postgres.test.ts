// Replicas on one PostgreSQL database (a real server, Debian's): refreshes, provisioning limits, revocation and
// committed writes agree across sidecar processes, because every piece of that state lives in the database.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthServices } from '../../src/auth/oauth-context.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startPostgresServer, type PostgresServer } from '../../../test/platform/postgres-server.js';
import { spawnCli } from '../support/cli-process.js';
import { leasedOAuthServices } from '../support/leased-oauth.js';
import { SIDECAR_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const KEY = Buffer.from(TEST_KEY, 'base64');
const HYBRID = {
  ENABLE_MULTI_USER_BASIC_AUTH: 'true',
  ENABLE_BACKGROUND_OPERATIONS: 'true',
  TOKEN_ENCRYPTION_KEY: TEST_KEY,
};
const password = (letter: string) => Array(5).fill(letter.repeat(5)).join('-');

let postgres: PostgresServer;
let databases = 0;
const freshDatabase = () => postgres.createDatabase(`replicas_${(databases += 1)}`);

beforeAll(async () => {
  postgres = await startPostgresServer();
});
afterAll(async () => {
  await postgres?.stop();
});

describe('token refreshes across two processes', () => {
  let nextcloud: PlatformDouble;
  const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });
  const storages: Store[] = [];
  beforeAll(async () => {
    nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  });
  afterAll(async () => {
    for (const storage of storages) await storage.close();
    await http.close();
    await nextcloud.close();
  });

  /** One sidecar process's OAuth side: its own pool on the database, lock, token cache and lease. */
  async function replica(databaseUrl: string): Promise<{ storage: Store; services: OAuthServices }> {
    const storage = await openStore({ path: '', databaseUrl, encryptionKey: KEY });
    storages.push(storage);
    return { storage, services: await leasedOAuthServices(nextcloud, http, storage) };
  }

  it('make exactly one provider call for 100 concurrent requests of one user spread over both', async () => {
    const databaseUrl = await freshDatabase();
    const [first, second] = [await replica(databaseUrl), await replica(databaseUrl)];
    const tokens = await tokensFor(nextcloud, 'alice', SIDECAR_CLIENT);
    await first.storage.refreshTokens!.store('alice', tokens.refresh_token!, tokens.scope.split(' '));
    const before = nextcloud.oidc!.counts.refreshGrants;
    nextcloud.oidc!.setTokenLatency(150);

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).services.userTokens.getAccessToken('alice')),
    );

    nextcloud.oidc!.setTokenLatency(0);
    expect(nextcloud.oidc!.counts.refreshGrants - before).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // The rotated refresh token is the one both read from now on.
    expect((await second.storage.refreshTokens!.get('alice'))!.token).not.toBe(tokens.refresh_token);
  });
});

describe('two sidecars on one database', () => {
  let double: PlatformDouble;
  let sidecars: TestSidecar[];
  beforeAll(async () => {
    double = await startPlatformDouble({
      users: ['alice', 'bob', 'carol'].map((id) => ({ id, appPasswords: [password(id[0]!.toUpperCase())] })),
    });
    const DATABASE_URL = await freshDatabase();
    sidecars = [
      await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url, DATABASE_URL }),
      await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url, DATABASE_URL }),
    ];
  });
  afterAll(async () => {
    for (const sidecar of sidecars ?? []) await sidecar.stop();
    await double?.close();
  });

  const appPassword = (to: TestSidecar, method: string, user: string) =>
    fetch(`${to.url}/api/v1/users/${user}/app-password`, {
      method,
      headers: { authorization: basicAuth(user, password(user[0]!.toUpperCase())) },
    });

  it('answer 429 to the sixth provisioning of a user within the hour, the attempts spread over both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await appPassword(sidecars[i % 2]!, 'POST', 'alice')).status);

    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('agree that a user revoked through one is revoked for the other', async () => {
    expect((await appPassword(sidecars[0]!, 'POST', 'bob')).status).toBe(200);
    expect(await (await appPassword(sidecars[1]!, 'GET', 'bob')).json()).toMatchObject({ has_app_password: true });

    const deleted = await (await appPassword(sidecars[0]!, 'DELETE', 'bob')).json();

    expect(deleted).toMatchObject({ deleted: true });
    expect(await (await appPassword(sidecars[1]!, 'GET', 'bob')).json()).toMatchObject({ has_app_password: false });
  });
});

describe('a sidecar process killed mid-write', () => {
  // A child process compiled through tsx starts slowly on a busy machine.
  it('loses nothing it answered as stored', { timeout: 90_000 }, async () => {
    const users = Array.from({ length: 40 }, (_, i) => `user${i}`);
    const double = await startPlatformDouble({ users: users.map((id) => ({ id, appPasswords: [password('K')] })) });
    const DATABASE_URL = await freshDatabase();
    const child = spawnCli(['run'], {
      ...HYBRID,
      NEXTCLOUD_HOST: double.url,
      DATABASE_URL,
      MCP_SERVER_HOST: '127.0.0.1',
      MCP_SERVER_PORT: '0',
      LOG_LEVEL: 'info',
    });
    const exited = once(child, 'exit');
    try {
      const url = await listeningUrl(child.stdout!);
      const stored: string[] = [];
      const attempts = users.map(async (user, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 10));
        const response = await fetch(`${url}/api/v1/users/${user}/app-password`, {
          method: 'POST',
          headers: { authorization: basicAuth(user, password('K')) },
        }).catch(() => undefined);
        if (response?.status !== 200) return;
        stored.push(user);
        // Killed while later writes are in flight: no drain, no goodbye.
        if (stored.length === 10) child.kill('SIGKILL');
      });
      await Promise.all(attempts);
      await exited;

      const after = await openStore({ path: '', databaseUrl: DATABASE_URL, encryptionKey: KEY });
      const kept = await after.appPasswords!.listUserIds();
      const readable = await Promise.all(stored.map(async (user) => (await after.appPasswords!.get(user))?.password));
      await after.close();
      expect(stored.length).toBeGreaterThanOrEqual(10);
      expect(stored.length).toBeLessThan(users.length);
      expect(kept).toEqual(expect.arrayContaining(stored));
      expect(readable.every((secret) => secret === password('K'))).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await double.close();
    }
  });
});

/** The URL the sidecar logs once it listens (its JSON log line "listening"). */
async function listeningUrl(stdout: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input: stdout });
  for await (const line of lines) {
    const match = /"url":"(http:\/\/[^"]+)"/.exec(line);
    if (match?.[1] && line.includes('listening')) {
      lines.close();
      return match[1];
    }
  }
  throw new Error('The sidecar exited before listening.');
}

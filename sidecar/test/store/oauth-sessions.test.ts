// Pending browser sign-ins: single use, expiry, and a bounded table (expired rows first, then the oldest).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../src/store/database.js';
import { loadMigrations } from '../../src/store/migration-files.js';
import { createMigrator } from '../../src/store/migrator.js';
import { createOAuthSessionStore, type PendingSignIn } from '../../src/store/oauth-sessions.js';
import { createSecretBox } from '../../src/store/secret-box.js';
import { makeTempDir } from '../support/temp-dir.js';

let temp: ReturnType<typeof makeTempDir>;
let db: SqliteDatabase;
let now: number;
const clock = () => new Date(now);

beforeEach(() => {
  temp = makeTempDir('oauth-sessions-');
  db = openDatabase(temp.file('tokens.db'));
  createMigrator(db, loadMigrations()).upgrade();
  now = Date.UTC(2026, 10, 23, 8);
});
afterEach(() => {
  db.close();
  temp.remove();
});

const pending = (sessionId: string, lifetimeMs = 600_000): PendingSignIn => ({
  sessionId,
  state: `state-${sessionId}`,
  codeVerifier: `verifier-${sessionId}`,
  redirectUri: 'https://mcp.example.com/oauth/callback',
  expiresAt: new Date(now + lifetimeMs),
});

const ids = () =>
  (db.prepare('SELECT session_id FROM oauth_sessions ORDER BY session_id').all() as { session_id: string }[]).map(
    (row) => row.session_id,
  );

describe('pending sign-ins', () => {
  it('are taken once, and not after they expire', async () => {
    const store = createOAuthSessionStore(db, await createSecretBox(new Uint8Array(32).fill(5)), { clock });
    store.save(pending('a'));
    store.save(pending('b', 1000));

    const first = store.take('a', clock());
    const again = store.take('a', clock());
    const expired = store.take('b', new Date(now + 1000));

    expect(first).toMatchObject({ state: 'state-a', codeVerifier: 'verifier-a' });
    expect(again).toBeUndefined();
    expect(expired).toBeUndefined();
  });

  it('stay within the cap under a flood: expired rows go first, then the oldest pending ones', async () => {
    const store = createOAuthSessionStore(db, await createSecretBox(new Uint8Array(32).fill(5)), {
      clock,
      maxPending: 3,
    });
    store.save(pending('expiring', 1000));
    now += 1;
    store.save(pending('oldest'));
    now += 1;
    store.save(pending('middle'));
    now += 1000;

    for (const id of ['new-1', 'new-2', 'new-3', 'new-4']) {
      store.save(pending(id));
      now += 1;
    }

    expect(store.count()).toBe(3);
    expect(ids()).toEqual(['new-2', 'new-3', 'new-4']);
  });

  it('drop an expired row before a pending one when the table is full', async () => {
    const store = createOAuthSessionStore(db, await createSecretBox(new Uint8Array(32).fill(5)), {
      clock,
      maxPending: 2,
    });
    store.save(pending('kept'));
    now += 1;
    store.save(pending('expiring', 10));
    now += 10;

    store.save(pending('new'));

    expect(ids()).toEqual(['kept', 'new']);
  });
});

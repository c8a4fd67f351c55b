// Store and get of an encrypted app password (no Nextcloud call) against the same SQL without encryption or audit,
// on SQLite and on PostgreSQL (a real server, as DATABASE_URL would name).
import { openStore } from '../src/store/open-store.js';
import { percentile, printLine, type BenchLine } from './report.js';

const ITERATIONS = 2000;
const PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';

export interface BenchDatabase {
  /** What the lines are named after: "SQLite" or "PostgreSQL". */
  label: string;
  path: string;
  databaseUrl?: string;
  /** Per-operation target in ms (a network round trip per statement on PostgreSQL). */
  targetMs: number;
}

export async function benchAppPasswordStore(database: BenchDatabase): Promise<BenchLine[]> {
  const storage = await openStore({
    path: database.path,
    databaseUrl: database.databaseUrl,
    encryptionKey: new Uint8Array(32).fill(5),
  });
  const store = storage.appPasswords!;
  const { db } = storage;
  const plainUpsert = `INSERT INTO refresh_tokens (user_id, encrypted_token, created_at, updated_at)
    VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET encrypted_token = excluded.encrypted_token, updated_at = excluded.updated_at`;
  const plainSelect = 'SELECT encrypted_token FROM refresh_tokens WHERE user_id = ?';

  const storeTimes = await time((i) =>
    store.store(`user-${i % 100}`, { loginName: `user-${i % 100}`, password: PASSWORD }),
  );
  const getTimes = await time((i) => store.get(`user-${i % 100}`));
  const plainStoreTimes = await time((i) =>
    db.run(plainUpsert, [`user-${i % 100}`, Buffer.from(PASSWORD), Date.now(), Date.now()]),
  );
  const plainGetTimes = await time((i) => db.get(plainSelect, [`user-${i % 100}`]));
  await storage.close();

  const reference = `plain ${database.label} statement without encryption`;
  const line = (name: string, samples: number[], plain: number[], p: number): BenchLine => {
    const value = percentile(samples, p);
    return {
      name: `${database.label}: ${name}`,
      value,
      unit: 'ms',
      reference: { name: reference, value: percentile(plain, p) },
      target: `< ${database.targetMs} ms`,
      pass: value < database.targetMs,
    };
  };
  const lines: BenchLine[] = [
    line('app password store (encrypt + upsert + audit row, one transaction), p50', storeTimes, plainStoreTimes, 50),
    line('app password store, p99', storeTimes, plainStoreTimes, 99),
    line('app password get (select + decrypt), p50', getTimes, plainGetTimes, 50),
    line('app password get, p99', getTimes, plainGetTimes, 99),
  ];
  lines.forEach(printLine);
  return lines;
}

async function time(work: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 200; i += 1) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

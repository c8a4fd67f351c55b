// Store and get of an encrypted app password (no Nextcloud call) against the same SQLite work without encryption.
import { openTokenStorage } from '../src/store/token-storage.js';
import { percentile, printLine, type BenchLine } from './report.js';

const ITERATIONS = 5000;
const PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';

export async function benchAppPasswordStore(dbPath: string): Promise<BenchLine[]> {
  const storage = await openTokenStorage({ path: dbPath, encryptionKey: new Uint8Array(32).fill(5) });
  const store = storage.appPasswords!;
  const plainUpsert = storage.db.prepare(`INSERT INTO refresh_tokens (user_id, encrypted_token, created_at, updated_at)
    VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET encrypted_token = excluded.encrypted_token, updated_at = excluded.updated_at`);
  const plainSelect = storage.db.prepare('SELECT encrypted_token FROM refresh_tokens WHERE user_id = ?');

  const storeTimes = time((i) => store.store(`user-${i % 100}`, { loginName: `user-${i % 100}`, password: PASSWORD }));
  const getTimes = time((i) => store.get(`user-${i % 100}`));
  const plainStoreTimes = time((i) =>
    plainUpsert.run(`user-${i % 100}`, Buffer.from(PASSWORD), Date.now(), Date.now()),
  );
  const plainGetTimes = time((i) => plainSelect.get(`user-${i % 100}`));
  storage.close();

  const lines: BenchLine[] = [
    line('app password store (encrypt + upsert + audit row), p50', storeTimes, plainStoreTimes, 50),
    line('app password store, p99 (includes WAL checkpoints)', storeTimes, plainStoreTimes, 99),
    line('app password get (select + decrypt), p50', getTimes, plainGetTimes, 50),
    line('app password get, p99', getTimes, plainGetTimes, 99),
  ];
  lines.forEach(printLine);
  return lines;
}

function time(work: (i: number) => unknown): number[] {
  for (let i = 0; i < 200; i += 1) work(i);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const start = performance.now();
    work(i);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

function line(name: string, samples: number[], reference: number[], p: number): BenchLine {
  const value = percentile(samples, p);
  return {
    name,
    value,
    unit: 'ms',
    reference: { name: 'plain SQLite without encryption', value: percentile(reference, p) },
    target: '< 0.5 ms',
    pass: value < 0.5,
  };
}

// The database on a request's hot path: the app-password routes of hybrid mode, through the real sidecar on SQLite
// and on PostgreSQL (DATABASE_URL, every piece of state there), p50/p99 each, the PostgreSQL figures against SQLite's.
// GET reads per request (the failed-validations count in rate_limit_hits, the stored password); POST writes per
// request (the provisioning counter's row under its lock, the encrypted upsert and its audit row). Both first
// validate the pair at Nextcloud: the double answers at once, so the database's share shows.
// Why not POST /api/v1/search: with DATABASE_URL the sidecar keeps its search index in PostgreSQL + pgvector, which
// Debian's server lacks; the search route cannot run there, and a SQLite index beside PostgreSQL rate limits is a
// composition the sidecar never runs. The app-password routes run unchanged with every piece of state in PostgreSQL.
import { request } from 'undici';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { BENCH_PASSWORD, startSidecarChild, type BenchChild } from './child-process.js';
import { percentile, printLines, sampleTimesInterleaved, type BenchLine } from './report.js';

/** A p99 of 300 samples rests on its 3 slowest: one stall of the machine moved it by 2–3 ms. */
const CALLS = 1000;
const WARM_UP = 20;
/** POST counts 5 provisionings per user and hour: spread over this many users, each gets 4 at most. */
const USERS = 300;
const authorization = (user: string) => `Basic ${Buffer.from(`${user}:${BENCH_PASSWORD}`).toString('base64')}`;

export async function benchAppPasswordRoute(dbPath: string, databaseUrl: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({
    users: Array.from({ length: USERS }, (_, i) => ({ id: `user-${i}`, appPasswords: [BENCH_PASSWORD] })),
  });
  const hybrid = {
    NEXTCLOUD_HOST: double.url,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const sqlite = await startSidecarChild({ ...hybrid, TOKEN_STORAGE_DB: dbPath });
  const postgres = await startSidecarChild({ ...hybrid, DATABASE_URL: databaseUrl });
  try {
    const direct = () =>
      call('GET', `${double.url}/ocs/v2.php/cloud/user?format=json`, 'user-0', { 'ocs-apirequest': 'true' });
    const route = (child: BenchChild<{ url: string }>, method: string) => {
      let i = 0;
      return () => {
        const user = `user-${i++ % USERS}`;
        return call(method, `${child.info.url}/api/v1/users/${user}/app-password`, user);
      };
    };
    const sample = (works: (() => Promise<unknown>)[]) =>
      sampleTimesInterleaved(works, { calls: CALLS, warmUp: WARM_UP }) as Promise<[number[], number[], number[]]>;
    // POST first: it stores every user's password, which GET then finds.
    // The engines take turns request by request: their ratio is not skewed by what else the machine does.
    const [sqlitePost, postgresPost] = await sample([route(sqlite, 'POST'), route(postgres, 'POST')]);
    const [sqliteGet, postgresGet, directTimes] = await sample([route(sqlite, 'GET'), route(postgres, 'GET'), direct]);
    return printLines([
      ...engineLines(GET, { sqlite: sqliteGet, postgres: postgresGet, validation: directTimes }),
      ...engineLines(POST, { sqlite: sqlitePost, postgres: postgresPost }),
    ]);
  } finally {
    await sqlite.stop();
    await postgres.stop();
    await double.close();
  }
}

interface Route {
  what: string;
  /** Statements sent to the database per request (BEGIN, the lock and COMMIT each count on PostgreSQL). */
  roundTrips: number;
}
/** The failed validations of the address and of everyone (a count each), then the stored-password read. */
const GET: Route = { what: 'GET (reads: failed-validation counts, stored password)', roundTrips: 3 };
/** The two counts; BEGIN, lock, count, insert, COMMIT of the provisioning counter; BEGIN, upsert, audit row, COMMIT. */
const POST: Route = { what: 'POST (writes: provisioning counter, encrypted upsert, audit row)', roundTrips: 11 };
/**
 * Allowance of PostgreSQL over SQLite per round trip: a loopback round trip through node-postgres is about 0.1 to
 * 0.2 ms on an idle machine; 0.5 ms at p50 (1 ms at p99) leaves room for the pool and two shared cores.
 */
const ALLOWANCE_MS: Record<number, number> = { 50: 0.5, 99: 1 };

/** SQLite's p50 and p99 against the validation call alone (when given); PostgreSQL's against SQLite's. */
function engineLines(
  route: Route,
  times: { sqlite: number[]; postgres: number[]; validation?: number[] },
): BenchLine[] {
  const { sqlite, postgres, validation } = times;
  const name = (engine: string, p: number) => `app-password ${route.what}, hybrid mode, ${engine}, p${p}`;
  return [50, 99].flatMap((p): BenchLine[] => {
    const allowance = route.roundTrips * ALLOWANCE_MS[p]!;
    return [
      {
        name: name('SQLite', p),
        value: percentile(sqlite, p),
        unit: 'ms',
        reference: validation && { name: 'the validation call to Nextcloud alone', value: percentile(validation, p) },
        target: 'reported',
        pass: true,
      },
      {
        name: name('DATABASE_URL (PostgreSQL)', p),
        value: percentile(postgres, p),
        unit: 'ms',
        reference: { name: 'the same route on SQLite', value: percentile(sqlite, p) },
        target: `<= SQLite + ${allowance} ms (${route.roundTrips} round trips × ${ALLOWANCE_MS[p]} ms)`,
        pass: percentile(postgres, p) <= percentile(sqlite, p) + allowance,
      },
    ];
  });
}

async function call(method: string, url: string, user: string, headers: Record<string, string> = {}) {
  const response = await request(url, { method, headers: { authorization: authorization(user), ...headers } });
  const body = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${body}`);
  return body;
}

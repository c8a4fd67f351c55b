// Where the sidecar keeps its state: DATABASE_URL (PostgreSQL, shared by every replica) or the SQLite file.
import { parsePositiveInteger } from './parsers.js';

export interface DatabaseSettings {
  /** DATABASE_URL: every piece of state in PostgreSQL instead of TOKEN_STORAGE_DB. */
  url?: string;
  /** DATABASE_POOL_MAX: connections to PostgreSQL at most (default 10). */
  poolMax: number;
}

export function parseDatabaseSettings(
  read: (name: string) => string | undefined,
  problems: string[],
): DatabaseSettings {
  const poolMax = parsePositiveInteger('DATABASE_POOL_MAX', read('DATABASE_POOL_MAX'), problems) ?? 10;
  if (poolMax > 100) problems.push(`DATABASE_POOL_MAX must be at most 100 (got ${poolMax}).`);
  return { url: parseDatabaseUrl(read, problems), poolMax };
}

/** DATABASE_URL: a postgres:// or postgresql:// URL; its text never appears in a message (it may hold a password). */
function parseDatabaseUrl(read: (name: string) => string | undefined, problems: string[]): string | undefined {
  const url = read('DATABASE_URL');
  if (url === undefined || url === '') return undefined;
  if (!/^postgres(ql)?:\/\/[^/]/.test(url)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.');
    return undefined;
  }
  return url;
}

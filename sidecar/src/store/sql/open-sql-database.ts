// Opens the sidecar's database: PostgreSQL when DATABASE_URL is set, otherwise the SQLite file TOKEN_STORAGE_DB.
import { SettingsError } from '../../settings/settings.js';
import type { SqlDatabase } from './sql-database.js';
import { openSqliteDatabase } from './sqlite-database.js';

export interface DatabaseLocation {
  /** DATABASE_URL (postgres://…), shared by every replica. */
  url?: string;
  /** DATABASE_POOL_MAX: PostgreSQL connections at most (default 10). */
  poolMax?: number;
  /** TOKEN_STORAGE_DB, the SQLite file used without DATABASE_URL. */
  sqlitePath: string;
}

export async function openSqlDatabase(location: DatabaseLocation): Promise<SqlDatabase> {
  if (!location.url) return openSqliteDatabase(location.sqlitePath);
  // Loaded only when configured: most deployments never need the PostgreSQL driver.
  const { openPostgresDatabase } = await import('./postgres-database.js');
  const db = openPostgresDatabase({ connectionString: location.url, maxConnections: location.poolMax });
  if (!(await db.ping())) {
    await db.close();
    throw new DatabaseUnreachableError();
  }
  return db;
}

/** Start-up cannot reach DATABASE_URL; the message names the setting, never the URL (it may hold a password). */
export class DatabaseUnreachableError extends SettingsError {
  constructor() {
    super(['The PostgreSQL server in DATABASE_URL does not answer (check the host, port, credentials and database).']);
    this.name = 'DatabaseUnreachableError';
  }
}

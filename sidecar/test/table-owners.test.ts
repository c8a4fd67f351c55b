// Where each table of the sidecar's database lives: a numbered migration creates it, and one module (its owner) is the
// only code that names it in SQL; everything else goes through the owner (docs/architecture.md, "Tables").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SIDECAR = join(import.meta.dirname, '..');
const SOURCE = join(SIDECAR, 'src');
const MIGRATIONS = [join(SIDECAR, '..', 'migrations'), join(SIDECAR, '..', 'migrations', 'postgres')];

/** Each table and the folder or file (below sidecar/src) that owns it. */
const OWNERS: Record<string, string> = {
  schema_migrations: 'store/',
  access_tokens: 'store/',
  app_passwords: 'store/',
  audit_log: 'store/',
  encryption_key_check: 'store/',
  oauth_clients: 'store/',
  oauth_sessions: 'store/',
  login_flows: 'store/',
  refresh_tokens: 'store/',
  refresh_leases: 'auth/refresh-lease.ts',
  rate_limit_hits: 'limits/rate-limit-store.ts',
  sync_queue: 'knowledge/sync/',
  sync_users: 'knowledge/sync/',
  sync_cursors: 'knowledge/sync/',
  index_documents: 'knowledge/index/',
  index_chunks: 'knowledge/index/',
  index_chunk_texts: 'knowledge/index/',
  index_terms: 'knowledge/index/',
  index_pending: 'knowledge/index/',
  index_meta: 'knowledge/index/',
  webhooks: 'knowledge/webhooks/',
  webhook_deliveries: 'knowledge/webhooks/',
  authorization_server_records: 'authorization-server/',
  authorization_server_keys: 'authorization-server/',
  authorization_server_revocations: 'authorization-server/',
};

/**
 * Files that may name any table, and why. The catalogue of encrypted columns is one declarative list: rotating the
 * encryption key re-encrypts every secret at start-up, before any owner runs, whoever owns the table.
 */
const CATALOGUES = ['store/encrypted-columns.ts'];

/** Where SQL names a table: after a keyword, or as the value of a `TABLE`/`table:` constant. */
const TABLE_REFERENCE =
  /\b(?:FROM|INTO|UPDATE|JOIN|TABLE|EXISTS)\s+"?([a-z_]+)\b|\b[A-Z_]*TABLE\s*=\s*'([a-z_]+)'|\btable:\s*'([a-z_]+)'/g;

function migrationTables(): Set<string> {
  const tables = new Set<string>();
  for (const folder of MIGRATIONS) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
      const sql = readFileSync(join(folder, file), 'utf8');
      for (const match of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi)) tables.add(match[1]!);
    }
  }
  return tables;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Code without its comments: a comment may mention a table without touching it. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function tableReferences(): Array<{ table: string; file: string }> {
  return sourceFiles(SOURCE).flatMap((path) => {
    const code = withoutComments(readFileSync(path, 'utf8'));
    const file = relative(SOURCE, path);
    return [...code.matchAll(TABLE_REFERENCE)].map((match) => ({ table: match[1] ?? match[2] ?? match[3]!, file }));
  });
}

describe('the tables of the database', () => {
  it('each has one owner, and each owner a table the migrations create', () => {
    const created = migrationTables();
    created.add('schema_migrations');

    expect([...created].filter((table) => OWNERS[table] === undefined)).toEqual([]);
    expect(Object.keys(OWNERS).filter((table) => !created.has(table))).toEqual([]);
  });

  it('are named in SQL only by the module that owns them', () => {
    const strangers = tableReferences()
      .filter(({ table, file }) => OWNERS[table] !== undefined && !CATALOGUES.includes(file))
      .filter(({ table, file }) => !file.startsWith(OWNERS[table]!))
      .map(({ table, file }) => `${file} names ${table}`);

    expect([...new Set(strangers)]).toEqual([]);
  });

  it('is found by the reference rule where the owners name their tables', () => {
    const named = new Set(tableReferences().map(({ table }) => table));

    expect(Object.keys(OWNERS).filter((table) => !named.has(table))).toEqual([]);
  });
});

// The `oauth` subcommands, for the sidecar's own authorization server: `rotate-signing-key` replaces the signing key now
// (in the database every replica shares; each running one switches to it within minutes, and tokens signed with the
// old key stay valid: it stays published until they have expired).
import { existsSync } from 'node:fs';
import { type CliIo, EXIT } from './cli-io.js';
import { readEnvironment } from '../settings/environment.js';
import { parseSettings } from '../settings/settings.js';
import { loadMigrations, migrationsDirFor } from '../store/migration-files.js';
import { createMigrator } from '../store/migrator.js';
import { createSecretBox } from '../store/secret-box.js';
import { openSqlDatabase } from '../store/sql/open-sql-database.js';

const OAUTH_USAGE = 'Usage: nextcloud-mcp-server oauth rotate-signing-key';

export interface OAuthCliOptions {
  /** A SQLite file or a postgres:// URL (overrides DATABASE_URL and TOKEN_STORAGE_DB). */
  database?: string;
  migrationsDir?: string;
  clock?: () => number;
}

export async function runOAuthCommand(args: string[], options: OAuthCliOptions, io: CliIo): Promise<number> {
  if (args.length !== 1 || args[0] !== 'rotate-signing-key') {
    io.stderr(`${OAUTH_USAGE}\n`);
    return EXIT.usage;
  }
  const settings = parseSettings(io.env ?? readEnvironment(), 'database');
  if (!settings.tokenEncryptionKey) {
    io.stderr('oauth rotate-signing-key needs TOKEN_ENCRYPTION_KEY: the keys are stored encrypted with it.\n');
    return EXIT.usage;
  }
  const given = options.database;
  const url = given === undefined ? settings.database.url : /^postgres(ql)?:\/\//.test(given) ? given : undefined;
  const path = given ?? settings.tokenStorageDb;
  if (!url && !existsSync(path)) {
    io.stderr(`There is no database at ${path} (TOKEN_STORAGE_DB or --database).\n`);
    return EXIT.usage;
  }
  const [{ loadSigningKeys, readSigningKeys, signingKeyPolicyFor }, { KEY_CHECK_INTERVAL_MS }] = await Promise.all([
    import('../authorization-server/signing-keys.js'),
    import('../authorization-server/key-rotation.js'),
  ]);
  const box = await createSecretBox(settings.tokenEncryptionKey, settings.tokenEncryptionKeyPrevious);
  const db = await openSqlDatabase({ url, sqlitePath: url ? '' : path });
  try {
    await createMigrator(db, loadMigrations(migrationsDirFor(db.engine, options.migrationsDir))).prepare();
    const policy = signingKeyPolicyFor(settings.authorizationServer);
    const replacing = (await readSigningKeys(db, box)).privateJwks[0]?.kid;
    const now = (options.clock ?? Date.now)();
    const keys = await loadSigningKeys(db, box, policy, now, { replacing });
    const signing = keys.made;
    if (!signing) {
      io.stdout('Another process replaced the signing key at the same moment; nothing more to do.\n');
      return EXIT.ok;
    }
    const minutes = Math.ceil(KEY_CHECK_INTERVAL_MS / 60_000);
    io.stdout(`New signing key ${signing}; running sidecars sign with it within ${minutes} minutes.\n`);
    if (replacing) {
      const until = new Date(now + policy.overlapMs).toISOString();
      io.stdout(`The previous key ${replacing} stays published, and its tokens valid, until ${until}.\n`);
    }
    return EXIT.ok;
  } finally {
    await db.close();
  }
}

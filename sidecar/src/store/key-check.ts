// The encryption key check: a value sealed with TOKEN_ENCRYPTION_KEY proves at start that the key is the one the
// stored secrets were written with; during a key change every secret is re-encrypted under the new key.
import { SettingsError } from '../settings/settings.js';
import { ENCRYPTED_COLUMNS, type EncryptedColumn } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlValue } from './sql/sql-database.js';

const CHECK_TABLE = 'encryption_key_check';
const CHECK_CONTEXT = `${CHECK_TABLE}:1`;
const CHECK_PLAINTEXT = 'nextcloud-mcp-server encryption key check';

/** The configured key does not open this database: a configuration problem (the command line exits with 2). */
export class EncryptionKeyError extends SettingsError {
  constructor(previousGiven: boolean) {
    super([
      (previousGiven
        ? 'Neither TOKEN_ENCRYPTION_KEY nor TOKEN_ENCRYPTION_KEY_PREVIOUS is the key'
        : 'TOKEN_ENCRYPTION_KEY is not the key') +
        ' the secrets in the database (TOKEN_STORAGE_DB) were encrypted with. Set the key they were written with.' +
        ' To change keys, set the old key as TOKEN_ENCRYPTION_KEY_PREVIOUS and the new one as TOKEN_ENCRYPTION_KEY' +
        ' (the sidecar then re-encrypts everything at start), or run `nextcloud-mcp-server db rotate-key` with both.',
    ]);
    this.name = 'EncryptionKeyError';
  }
}

/** Secrets that neither key opens, counted per table and column (never their content). */
export interface UnreadableSecrets {
  total: number;
  byColumn: Record<string, number>;
}

export interface EncryptionPreparation {
  /** True when this start wrote the first key check (a new database, or one from before migration 004). */
  checkCreated: boolean;
  /** Secrets found under the previous key and re-encrypted under the current one. */
  reencrypted: number;
  unreadable: UnreadableSecrets;
}

/** Serialises key checks and rotations of every process sharing the database. */
const LOCK = 'nextcloud-mcp-server:encryption-key';

/**
 * The start-up check: the key check must open with one of the keys (a database from before the check: the key must
 * open at least one stored secret, if there is any); with a previous key, every secret still under it is
 * re-encrypted under the current key, in one transaction. Throws EncryptionKeyError for a wrong key.
 */
export function prepareEncryption(db: SqlDatabase, box: SecretBox): Promise<EncryptionPreparation> {
  return db.transaction((tx) => prepareIn(tx, box), { lock: LOCK });
}

/**
 * `db rotate-key`: re-encrypts every secret under the current key in one transaction; when any secret opens with
 * neither key, nothing changes and the unreadable ones are returned. Throws EncryptionKeyError for a wrong key.
 */
export async function rotateEncryptionKey(
  db: SqlDatabase,
  box: SecretBox,
): Promise<{ reencrypted: number; unreadable: UnreadableSecrets }> {
  const rollback = new Error('rollback');
  let outcome: { reencrypted: number; unreadable: UnreadableSecrets } | undefined;
  try {
    await db.transaction(
      async (tx) => {
        await prepareIn(tx, box);
        outcome = await reencrypt(tx, box, 'all');
        if (outcome.unreadable.total > 0) throw rollback;
        await writeCheck(tx, box);
      },
      { lock: LOCK },
    );
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return outcome ?? { reencrypted: 0, unreadable: noneUnreadable() };
}

/** True while the stored key check opens with one of the configured keys (false: another key took over). */
export async function keyCheckOpens(db: SqlExecutor, box: SecretBox): Promise<boolean> {
  const check = await readCheck(db);
  return check !== undefined && box.openingKey(check, CHECK_CONTEXT) !== undefined;
}

async function prepareIn(tx: SqlExecutor, box: SecretBox): Promise<EncryptionPreparation> {
  const check = await readCheck(tx);
  if (check) {
    if (!box.openingKey(check, CHECK_CONTEXT)) throw new EncryptionKeyError(box.hasPreviousKey);
  } else {
    const survey = await surveySecrets(tx, box);
    if (survey.total > 0 && survey.readable === 0) throw new EncryptionKeyError(box.hasPreviousKey);
  }
  if (check && !box.hasPreviousKey) return { checkCreated: false, reencrypted: 0, unreadable: noneUnreadable() };
  const { reencrypted, unreadable } = await reencrypt(tx, box, 'previous');
  await writeCheck(tx, box);
  return { checkCreated: !check, reencrypted, unreadable };
}

async function readCheck(db: SqlExecutor): Promise<Buffer | undefined> {
  const row = await db.get<{ check_value: Buffer }>(`SELECT check_value FROM ${CHECK_TABLE} WHERE id = 1`);
  return row?.check_value;
}

async function writeCheck(tx: SqlExecutor, box: SecretBox): Promise<void> {
  await tx.run(
    `INSERT INTO ${CHECK_TABLE} (id, check_value, updated_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET check_value = excluded.check_value, updated_at = excluded.updated_at`,
    [box.encrypt(CHECK_PLAINTEXT, CHECK_CONTEXT), Date.now()],
  );
}

async function surveySecrets(tx: SqlExecutor, box: SecretBox): Promise<{ total: number; readable: number }> {
  let total = 0;
  let readable = 0;
  await forEachSecret(tx, (column, row, sealed) => {
    total += 1;
    if (box.openingKey(sealed, column.context(row))) readable += 1;
  });
  return { total, readable };
}

/** Re-encrypts under the current key the secrets under the previous key (`previous`) or every readable one (`all`). */
async function reencrypt(
  tx: SqlExecutor,
  box: SecretBox,
  scope: 'previous' | 'all',
): Promise<{ reencrypted: number; unreadable: UnreadableSecrets }> {
  const unreadable = noneUnreadable();
  const updates: { column: EncryptedColumn; row: SqlRow; fresh: Buffer }[] = [];
  await forEachSecret(tx, (column, row, sealed) => {
    const context = column.context(row);
    const key = box.openingKey(sealed, context);
    if (!key) {
      const name = `${column.table}.${column.column}`;
      unreadable.byColumn[name] = (unreadable.byColumn[name] ?? 0) + 1;
      unreadable.total += 1;
      return;
    }
    if (scope === 'previous' && key === 'current') return;
    updates.push({ column, row, fresh: box.encrypt(box.decrypt(sealed, context), context) });
  });
  for (const { column, row, fresh } of updates) {
    const where = column.key.map((name) => `${name} = ?`).join(' AND ');
    await tx.run(`UPDATE ${column.table} SET ${column.column} = ? WHERE ${where}`, [
      fresh,
      ...column.key.map((name) => row[name] as SqlValue),
    ]);
  }
  return { reencrypted: updates.length, unreadable };
}

async function forEachSecret(
  tx: SqlExecutor,
  visit: (column: EncryptedColumn, row: SqlRow, sealed: Buffer) => void,
): Promise<void> {
  for (const column of ENCRYPTED_COLUMNS) {
    const rows = await tx.all(`SELECT * FROM ${column.table} WHERE ${column.column} IS NOT NULL`);
    for (const row of rows) visit(column, row, row[column.column] as Buffer);
  }
}

function noneUnreadable(): UnreadableSecrets {
  return { total: 0, byColumn: {} };
}

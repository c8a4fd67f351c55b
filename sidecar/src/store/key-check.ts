// The encryption key check: a value sealed with TOKEN_ENCRYPTION_KEY proves at start that the key is the one the
// stored secrets were written with; during a key change every secret is re-encrypted under the new key.
import { SettingsError } from '../settings/settings.js';
import type { SqliteDatabase } from './database.js';
import { ENCRYPTED_COLUMNS } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';

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

/**
 * The start-up check: the key check must open with one of the keys (a database from before the check: the key must
 * open at least one stored secret, if there is any); with a previous key, every secret still under it is
 * re-encrypted under the current key, in one transaction. Throws EncryptionKeyError for a wrong key.
 */
export function prepareEncryption(db: SqliteDatabase, box: SecretBox): EncryptionPreparation {
  return db
    .transaction((): EncryptionPreparation => {
      const check = readCheck(db);
      if (check) {
        if (!box.openingKey(check, CHECK_CONTEXT)) throw new EncryptionKeyError(box.hasPreviousKey);
      } else {
        const survey = surveySecrets(db, box);
        if (survey.total > 0 && survey.readable === 0) throw new EncryptionKeyError(box.hasPreviousKey);
      }
      if (check && !box.hasPreviousKey) return { checkCreated: false, reencrypted: 0, unreadable: noneUnreadable() };
      const { reencrypted, unreadable } = reencrypt(db, box, 'previous');
      writeCheck(db, box);
      return { checkCreated: !check, reencrypted, unreadable };
    })
    .immediate();
}

/**
 * `db rotate-key`: re-encrypts every secret under the current key in one transaction; when any secret opens with
 * neither key, nothing changes and the unreadable ones are returned. Throws EncryptionKeyError for a wrong key.
 */
export function rotateEncryptionKey(
  db: SqliteDatabase,
  box: SecretBox,
): { reencrypted: number; unreadable: UnreadableSecrets } {
  const rollback = new Error('rollback');
  let outcome: { reencrypted: number; unreadable: UnreadableSecrets } | undefined;
  try {
    db.transaction(() => {
      prepareEncryption(db, box);
      outcome = reencrypt(db, box, 'all');
      if (outcome.unreadable.total > 0) throw rollback;
      writeCheck(db, box);
    }).immediate();
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return outcome ?? { reencrypted: 0, unreadable: noneUnreadable() };
}

/** True while the stored key check opens with one of the configured keys (false: another key took over). */
export function keyCheckOpens(db: SqliteDatabase, box: SecretBox): boolean {
  const check = readCheck(db);
  return check !== undefined && box.openingKey(check, CHECK_CONTEXT) !== undefined;
}

function readCheck(db: SqliteDatabase): Buffer | undefined {
  const row = db.prepare(`SELECT check_value FROM ${CHECK_TABLE} WHERE id = 1`).get() as
    { check_value: Buffer } | undefined;
  return row?.check_value;
}

function writeCheck(db: SqliteDatabase, box: SecretBox): void {
  db.prepare(
    `INSERT INTO ${CHECK_TABLE} (id, check_value, updated_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET check_value = excluded.check_value, updated_at = excluded.updated_at`,
  ).run(box.encrypt(CHECK_PLAINTEXT, CHECK_CONTEXT), Date.now());
}

function surveySecrets(db: SqliteDatabase, box: SecretBox): { total: number; readable: number } {
  let total = 0;
  let readable = 0;
  forEachSecret(db, (column, row, sealed) => {
    total += 1;
    if (box.openingKey(sealed, column.context(row))) readable += 1;
  });
  return { total, readable };
}

/** Re-encrypts under the current key the secrets under the previous key (`previous`) or every readable one (`all`). */
function reencrypt(
  db: SqliteDatabase,
  box: SecretBox,
  scope: 'previous' | 'all',
): { reencrypted: number; unreadable: UnreadableSecrets } {
  let reencrypted = 0;
  const unreadable = noneUnreadable();
  forEachSecret(db, (column, row, sealed, rowId) => {
    const context = column.context(row);
    const key = box.openingKey(sealed, context);
    if (!key) {
      const name = `${column.table}.${column.column}`;
      unreadable.byColumn[name] = (unreadable.byColumn[name] ?? 0) + 1;
      unreadable.total += 1;
      return;
    }
    if (scope === 'previous' && key === 'current') return;
    const fresh = box.encrypt(box.decrypt(sealed, context), context);
    db.prepare(`UPDATE ${column.table} SET ${column.column} = ? WHERE rowid = ?`).run(fresh, rowId);
    reencrypted += 1;
  });
  return { reencrypted, unreadable };
}

function forEachSecret(
  db: SqliteDatabase,
  visit: (
    column: (typeof ENCRYPTED_COLUMNS)[number],
    row: Record<string, unknown>,
    sealed: Buffer,
    rowId: number,
  ) => void,
): void {
  for (const column of ENCRYPTED_COLUMNS) {
    const rows = db
      .prepare(`SELECT rowid AS sidecar_row_id, * FROM ${column.table} WHERE ${column.column} IS NOT NULL`)
      .all() as Record<string, unknown>[];
    for (const row of rows) visit(column, row, row[column.column] as Buffer, row.sidecar_row_id as number);
  }
}

function noneUnreadable(): UnreadableSecrets {
  return { total: 0, byColumn: {} };
}

// Per-user app passwords for background work, encrypted at rest, each with the login name it was minted under (it
// works only with that name); every store and delete is audited.
import type { AuditLog } from './audit-log.js';
import type { SqliteDatabase } from './database.js';
import { appPasswordContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';

export interface AppPasswordRecord {
  userId: string;
  /** The login name the password works with (e-mail, LDAP name or the user id). */
  loginName: string;
  password: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface AppPasswordStore {
  /** Creates or replaces the user's app password. */
  store(userId: string, credential: { loginName: string; password: string }, requestId?: string): void;
  get(userId: string): AppPasswordRecord | undefined;
  /** True when a password is stored and opens with the configured key (a row that cannot be decrypted is no use). */
  has(userId: string): boolean;
  /** Returns whether one existed. */
  delete(userId: string, requestId?: string): boolean;
  listUserIds(): string[];
}

export interface AppPasswordStoreDeps {
  db: SqliteDatabase;
  box: SecretBox;
  audit: AuditLog;
  clock?: () => Date;
}

const TABLE = 'app_passwords';

export function createAppPasswordStore({
  db,
  box,
  audit,
  clock = () => new Date(),
}: AppPasswordStoreDeps): AppPasswordStore {
  const upsert = db.prepare(`INSERT INTO ${TABLE} (user_id, login_name, encrypted_password, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET login_name = excluded.login_name,
      encrypted_password = excluded.encrypted_password, updated_at = excluded.updated_at`);
  const select = db.prepare(
    `SELECT login_name, encrypted_password, created_at, updated_at FROM ${TABLE} WHERE user_id = ?`,
  );
  const selectSealed = db.prepare(`SELECT encrypted_password FROM ${TABLE} WHERE user_id = ?`);
  const remove = db.prepare(`DELETE FROM ${TABLE} WHERE user_id = ?`);
  const listIds = db.prepare(`SELECT user_id FROM ${TABLE} ORDER BY user_id`);
  const context = appPasswordContext;

  return {
    store: db.transaction((userId: string, credential: { loginName: string; password: string }, requestId?: string) => {
      const now = clock().getTime();
      upsert.run(userId, credential.loginName, box.encrypt(credential.password, context(userId)), now, now);
      audit.write({ userId, action: 'app_password.store', requestId });
    }),
    get(userId) {
      const row = select.get(userId) as
        { login_name: string | null; encrypted_password: Buffer; created_at: number; updated_at: number } | undefined;
      if (!row) return undefined;
      return {
        userId,
        // Rows from before migration 003 were provisioned with the user id as login name.
        loginName: row.login_name ?? userId,
        password: box.decrypt(row.encrypted_password, context(userId)),
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      };
    },
    has(userId) {
      const row = selectSealed.get(userId) as { encrypted_password: Buffer } | undefined;
      return row !== undefined && box.openingKey(row.encrypted_password, context(userId)) !== undefined;
    },
    delete: db.transaction((userId: string, requestId?: string) => {
      const existed = remove.run(userId).changes > 0;
      audit.write({ userId, action: 'app_password.delete', outcome: existed ? 'ok' : 'none', requestId });
      return existed;
    }),
    listUserIds: () => (listIds.all() as { user_id: string }[]).map((row) => row.user_id),
  };
}

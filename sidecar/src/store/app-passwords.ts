// Per-user app passwords for background work, encrypted at rest, each with the login name it was minted under (it
// works only with that name); every store and delete is audited in the same transaction.
import type { AuditLog } from './audit-log.js';
import { appPasswordContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase } from './sql/sql-database.js';

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
  store(userId: string, credential: { loginName: string; password: string }, requestId?: string): Promise<void>;
  get(userId: string): Promise<AppPasswordRecord | undefined>;
  /** True when a password is stored and opens with the configured key (a row that cannot be decrypted is no use). */
  has(userId: string): Promise<boolean>;
  /** Returns whether one existed. */
  delete(userId: string, requestId?: string): Promise<boolean>;
  listUserIds(): Promise<string[]>;
}

export interface AppPasswordStoreDeps {
  db: SqlDatabase;
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
  const context = appPasswordContext;
  return {
    store: (userId, credential, requestId) =>
      db.transaction(async (tx) => {
        const now = clock().getTime();
        await tx.run(
          `INSERT INTO ${TABLE} (user_id, login_name, encrypted_password, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET login_name = excluded.login_name,
            encrypted_password = excluded.encrypted_password, updated_at = excluded.updated_at`,
          [userId, credential.loginName, box.encrypt(credential.password, context(userId)), now, now],
        );
        await audit.write({ userId, action: 'app_password.store', requestId }, tx);
      }),
    async get(userId) {
      const row = await db.get<{
        login_name: string | null;
        encrypted_password: Buffer;
        created_at: number;
        updated_at: number;
      }>(`SELECT login_name, encrypted_password, created_at, updated_at FROM ${TABLE} WHERE user_id = ?`, [userId]);
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
    async has(userId) {
      const row = await db.get<{ encrypted_password: Buffer }>(
        `SELECT encrypted_password FROM ${TABLE} WHERE user_id = ?`,
        [userId],
      );
      return row !== undefined && box.openingKey(row.encrypted_password, context(userId)) !== undefined;
    },
    delete: (userId, requestId) =>
      db.transaction(async (tx) => {
        const existed = (await tx.run(`DELETE FROM ${TABLE} WHERE user_id = ?`, [userId])).changes > 0;
        await audit.write({ userId, action: 'app_password.delete', outcome: existed ? 'ok' : 'none', requestId }, tx);
        return existed;
      }),
    listUserIds: async () =>
      (await db.all<{ user_id: string }>(`SELECT user_id FROM ${TABLE} ORDER BY user_id`)).map((row) => row.user_id),
  };
}

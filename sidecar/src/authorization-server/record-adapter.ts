// oidc-provider's storage adapter over our database: every code, token, grant, session, interaction and registered
// client is one row of `authorization_server_records`, its payload encrypted, its ids stored only as hashes (a grant's
// user and client also in the clear: they are no credential), so every replica on the database shares them and a
// stolen row holds no usable token.
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { authorizationServerRecordContext } from '../store/encrypted-columns.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';

export interface RecordAdapterDeps {
  db: SqlDatabase;
  box: SecretBox;
  clock?: () => number;
}

/** Rows past their expiry are deleted by about one write in this many (and never read). */
const SWEEP_EVERY = 50;

/** The constructor oidc-provider's `adapter` setting takes: one adapter per model name. */
export function createRecordAdapterClass(deps: RecordAdapterDeps): new (model: string) => Adapter {
  const clock = deps.clock ?? Date.now;
  let writes = 0;
  const sweep = async () => {
    writes += 1;
    if (writes % SWEEP_EVERY !== 0) return;
    await deps.db.run('DELETE FROM authorization_server_records WHERE expires_at IS NOT NULL AND expires_at < ?', [
      clock(),
    ]);
  };

  return class RecordAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const idHash = recordIdHash(id);
      const sealed = deps.box.encrypt(JSON.stringify(payload), authorizationServerRecordContext(this.model, idHash));
      const now = clock();
      const expiresAt = expiresIn ? now + expiresIn * 1000 : null;
      // A grant names its user and client in the clear (connected-clients.ts lists and revokes by them).
      const isGrant = this.model === 'Grant';
      await deps.db.run(
        `INSERT INTO authorization_server_records
          (model, id_hash, encrypted_payload, grant_id, uid_hash, user_code_hash, expires_at, consumed_at,
            account_id, client_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)
        ON CONFLICT (model, id_hash) DO UPDATE SET encrypted_payload = excluded.encrypted_payload,
          grant_id = excluded.grant_id, uid_hash = excluded.uid_hash, user_code_hash = excluded.user_code_hash,
          expires_at = excluded.expires_at, account_id = excluded.account_id, client_id = excluded.client_id`,
        [
          this.model,
          idHash,
          sealed,
          payload.grantId ?? null,
          payload.uid ? recordIdHash(payload.uid) : null,
          payload.userCode ? recordIdHash(payload.userCode) : null,
          expiresAt,
          isGrant ? (payload.accountId ?? null) : null,
          isGrant ? (payload.clientId ?? null) : null,
          now,
        ],
      );
      // A refresh token issued (at the code exchange or a refresh) is a use of its grant.
      if (this.model === 'RefreshToken' && payload.grantId) {
        await deps.db.run(
          "UPDATE authorization_server_records SET last_used_at = ? WHERE model = 'Grant' AND id_hash = ?",
          [now, recordIdHash(payload.grantId)],
        );
      }
      await sweep();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.readWhere('id_hash = ?', recordIdHash(id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.readWhere('uid_hash = ?', recordIdHash(uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.readWhere('user_code_hash = ?', recordIdHash(userCode));
    }

    async consume(id: string): Promise<void> {
      await deps.db.run(
        'UPDATE authorization_server_records SET consumed_at = ? WHERE model = ? AND id_hash = ? AND consumed_at IS NULL',
        [clock(), this.model, recordIdHash(id)],
      );
    }

    async destroy(id: string): Promise<void> {
      await deps.db.run('DELETE FROM authorization_server_records WHERE model = ? AND id_hash = ?', [
        this.model,
        recordIdHash(id),
      ]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deps.db.run('DELETE FROM authorization_server_records WHERE grant_id = ?', [grantId]);
    }

    private async readWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
      const row = await deps.db.get<{ id_hash: string; encrypted_payload: Buffer; consumed_at: number | null }>(
        `SELECT id_hash, encrypted_payload, consumed_at FROM authorization_server_records
        WHERE model = ? AND ${condition} AND (expires_at IS NULL OR expires_at > ?)`,
        [this.model, value, clock()],
      );
      if (!row) return undefined;
      const context = authorizationServerRecordContext(this.model, row.id_hash);
      const payload = JSON.parse(deps.box.decrypt(row.encrypted_payload, context)) as AdapterPayload;
      // oidc-provider reads `consumed` to detect a code or refresh token used twice.
      return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
    }
  };
}

/** How a record's id (and a grant's id in its row) is stored: its SHA-256, base64url. */
export function recordIdHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

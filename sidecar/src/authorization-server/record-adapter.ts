// oidc-provider's storage adapter over our database: every code, token, grant, session, interaction and registered
// client is one row of `authorization_server_records`, its payload encrypted, its ids stored only as hashes, so every
// replica on the database shares them and a stolen row holds no usable token.
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
      const idHash = hashOf(id);
      const sealed = deps.box.encrypt(JSON.stringify(payload), authorizationServerRecordContext(this.model, idHash));
      const expiresAt = expiresIn ? clock() + expiresIn * 1000 : null;
      await deps.db.run(
        `INSERT INTO authorization_server_records
          (model, id_hash, encrypted_payload, grant_id, uid_hash, user_code_hash, expires_at, consumed_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
        ON CONFLICT (model, id_hash) DO UPDATE SET encrypted_payload = excluded.encrypted_payload,
          grant_id = excluded.grant_id, uid_hash = excluded.uid_hash, user_code_hash = excluded.user_code_hash,
          expires_at = excluded.expires_at`,
        [
          this.model,
          idHash,
          sealed,
          payload.grantId ?? null,
          payload.uid ? hashOf(payload.uid) : null,
          payload.userCode ? hashOf(payload.userCode) : null,
          expiresAt,
        ],
      );
      await sweep();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.readWhere('id_hash = ?', hashOf(id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.readWhere('uid_hash = ?', hashOf(uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.readWhere('user_code_hash = ?', hashOf(userCode));
    }

    async consume(id: string): Promise<void> {
      await deps.db.run(
        'UPDATE authorization_server_records SET consumed_at = ? WHERE model = ? AND id_hash = ? AND consumed_at IS NULL',
        [clock(), this.model, hashOf(id)],
      );
    }

    async destroy(id: string): Promise<void> {
      await deps.db.run('DELETE FROM authorization_server_records WHERE model = ? AND id_hash = ?', [
        this.model,
        hashOf(id),
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

function hashOf(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

// The clients a user connected through the sidecar's authorization server: listed from their live grants (name, first
// grant, last use, granted scopes) and revoked together with every code and token of those grants. A revoked client's
// access tokens (JWTs, checked without the database) are refused through the revocation list (revoked-clients.ts).
import { authorizationServerRecordContext } from '../store/encrypted-columns.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';
import { recordIdHash } from './record-adapter.js';
import type { RevokedClients } from './revoked-clients.js';

export interface ConnectedClient {
  clientId: string;
  /** The client's name when it gave one at consent, else its id's host, else its id. */
  name: string;
  /** When the user first granted it access (its oldest live grant). */
  since: Date;
  /** The last token issued to it, or its last use on /mcp (recorded at most once a minute); null when never. */
  lastUsed: Date | null;
  /** The scopes its live grants hold for /mcp. */
  scopes: string[];
}

export interface ConnectedClients {
  list(userId: string): Promise<ConnectedClient[]>;
  /** Revokes every grant, code and token of the client for the user; false when it held none. */
  revoke(userId: string, clientId: string): Promise<boolean>;
  /** Remembers the name the consent page showed, for the grant the consent made. */
  nameGrant(grantId: string, clientName: string | undefined): Promise<void>;
  /** A token of the client was used on /mcp: recorded at most once a minute per user and client (and replica). */
  noteUse(userId: string, clientId: string): void;
}

export interface ConnectedClientsDeps {
  db: SqlDatabase;
  box: SecretBox;
  /** `<public URL>/mcp`: the resource whose scopes are listed. */
  resource: string;
  revoked: RevokedClients;
  onError: (error: unknown) => void;
  clock?: () => number;
}

/** Uses on /mcp are written at most this often per user and client. */
export const USE_RECORDING_INTERVAL_MS = 60_000;
/** Users and clients whose last recorded use is remembered; past it the memory starts again (a few extra writes). */
const REMEMBERED_USES = 10_000;

interface GrantRow {
  id_hash: string;
  client_id: string;
  client_name: string | null;
  encrypted_payload: Buffer;
  created_at: number | null;
  last_used_at: number | null;
}

export function createConnectedClients(deps: ConnectedClientsDeps): ConnectedClients {
  const clock = deps.clock ?? Date.now;
  const lastRecorded = new Map<string, number>();
  const liveGrants = (userId: string, clientId?: string) =>
    deps.db.all<GrantRow>(
      `SELECT id_hash, client_id, client_name, encrypted_payload, created_at, last_used_at
      FROM authorization_server_records
      WHERE model = 'Grant' AND account_id = ? ${clientId === undefined ? '' : 'AND client_id = ?'}
        AND (expires_at IS NULL OR expires_at > ?)`,
      clientId === undefined ? [userId, clock()] : [userId, clientId, clock()],
    );

  return {
    async list(userId) {
      const byClient = new Map<string, ConnectedClient>();
      for (const row of await liveGrants(userId)) {
        const entry = byClient.get(row.client_id) ?? {
          clientId: row.client_id,
          name: row.client_name ?? hostOf(row.client_id) ?? row.client_id,
          since: new Date(row.created_at ?? clock()),
          lastUsed: null,
          scopes: [],
        };
        if (row.client_name) entry.name = row.client_name;
        if (row.created_at !== null && row.created_at < entry.since.getTime()) entry.since = new Date(row.created_at);
        if (row.last_used_at !== null && row.last_used_at > (entry.lastUsed?.getTime() ?? 0)) {
          entry.lastUsed = new Date(row.last_used_at);
        }
        entry.scopes = [...new Set([...entry.scopes, ...grantedScopes(openGrant(row, deps), deps.resource)])].sort();
        byClient.set(row.client_id, entry);
      }
      return [...byClient.values()].sort((a, b) => a.since.getTime() - b.since.getTime());
    },

    async revoke(userId, clientId) {
      const grants = await liveGrants(userId, clientId);
      if (grants.length === 0) return false;
      await deps.revoked.add(userId, clientId);
      await deps.db.transaction(async (tx) => {
        for (const grant of grants) {
          // Its codes and tokens name it by its id (the payload's `jti`); the grant itself is found by its hash.
          await tx.run('DELETE FROM authorization_server_records WHERE grant_id = ?', [openGrant(grant, deps).jti]);
          await tx.run("DELETE FROM authorization_server_records WHERE model = 'Grant' AND id_hash = ?", [
            grant.id_hash,
          ]);
        }
      });
      return true;
    },

    async nameGrant(grantId, clientName) {
      if (!clientName) return;
      await deps.db.run(
        "UPDATE authorization_server_records SET client_name = ? WHERE model = 'Grant' AND id_hash = ?",
        [clientName, recordIdHash(grantId)],
      );
    },

    noteUse(userId, clientId) {
      const key = `${userId}\n${clientId}`;
      const now = clock();
      if (now - (lastRecorded.get(key) ?? -Infinity) < USE_RECORDING_INTERVAL_MS) return;
      if (lastRecorded.size >= REMEMBERED_USES) lastRecorded.clear();
      lastRecorded.set(key, now);
      deps.db
        .run(
          `UPDATE authorization_server_records SET last_used_at = ?
          WHERE model = 'Grant' AND account_id = ? AND client_id = ?`,
          [now, userId, clientId],
        )
        .catch(deps.onError);
    },
  };
}

interface GrantPayload {
  jti: string;
  resources?: Record<string, string>;
  rejected?: { resources?: Record<string, string> };
}

function openGrant(row: GrantRow, deps: ConnectedClientsDeps): GrantPayload {
  const context = authorizationServerRecordContext('Grant', row.id_hash);
  return JSON.parse(deps.box.decrypt(row.encrypted_payload, context)) as GrantPayload;
}

function grantedScopes(grant: GrantPayload, resource: string): string[] {
  const rejected = new Set((grant.rejected?.resources?.[resource] ?? '').split(' '));
  return (grant.resources?.[resource] ?? '').split(' ').filter((scope) => scope && !rejected.has(scope));
}

function hostOf(clientId: string): string | undefined {
  return URL.canParse(clientId) ? new URL(clientId).host || undefined : undefined;
}

// Pending Login Flow v2 sign-ins, shared by every replica: the encrypted poll token, who started the flow, and a claim
// so that one poll at a time (and at most one a second) asks Nextcloud. Nextcloud's one-time grant is kept here,
// encrypted, before anything else is done with it. Bounded per caller and in total.
import { RateLimitedError } from '../errors.js';
import { loginFlowContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase, SqlExecutor } from './sql/sql-database.js';

export interface NewLoginFlow {
  /** A digest of the flow id the caller holds (the id itself is never stored). */
  flowKey: string;
  /** Whose flows these are, for the bound per caller (a client address, a user id). */
  callerKey: string;
  pollToken: string;
  /** The user the flow must sign in, when the caller already knows who it is. */
  userId?: string;
  expiresAt: Date;
}

/** What Nextcloud handed over once: the login name and the app password that works with it. */
export interface LoginFlowGrant {
  loginName: string;
  appPassword: string;
}

export interface ClaimedLoginFlow {
  flowKey: string;
  pollToken: string;
  userId?: string;
  /** Present when an earlier poll received Nextcloud's grant but did not finish with it. */
  grant?: LoginFlowGrant;
}

export interface LoginFlowStore {
  /** Drops expired rows and the caller's oldest beyond its bound; RateLimitedError when the table is full. */
  save(flow: NewLoginFlow): Promise<void>;
  /**
   * Claims the flow for one poll until `claimUntil`: `busy` while another poll holds it or polled it too recently,
   * undefined when there is no such flow (of `callerKey`, when given) or it expired (an expired one is deleted).
   */
  claim(
    flowKey: string,
    now: Date,
    claimUntil: Date,
    callerKey?: string,
  ): Promise<ClaimedLoginFlow | 'busy' | undefined>;
  /** Ends a claim; the next poll may ask Nextcloud from `nextPollAt` on. */
  release(flowKey: string, nextPollAt: Date): Promise<void>;
  /** Keeps Nextcloud's one-time answer, before the sidecar does anything else with it. */
  keepGrant(flowKey: string, grant: LoginFlowGrant): Promise<void>;
  /** Removes the flow; true when it was there. */
  remove(flowKey: string): Promise<boolean>;
  /** Flows in the table (of one caller, when given), expired ones included until the next save. */
  count(callerKey?: string): Promise<number>;
}

export interface LoginFlowStoreOptions {
  /** Pending flows one caller may have; its oldest goes first. */
  maxPerCaller?: number;
  /** Pending flows in all; past it new flows are refused (not others' dropped). */
  maxTotal?: number;
  clock?: () => Date;
}

/** A person signs in with one flow; a few spare ones cover reloads and second tabs. */
export const MAX_LOGIN_FLOWS_PER_CALLER = 5;
export const MAX_LOGIN_FLOWS = 1000;
/** How long to wait before starting another flow when the table is full, in seconds. */
const FULL_RETRY_AFTER_SECONDS = 60;
const TABLE = 'login_flows';

export function createLoginFlowStore(
  db: SqlDatabase,
  box: SecretBox,
  options: LoginFlowStoreOptions = {},
): LoginFlowStore {
  const maxPerCaller = options.maxPerCaller ?? MAX_LOGIN_FLOWS_PER_CALLER;
  const maxTotal = options.maxTotal ?? MAX_LOGIN_FLOWS;
  const clock = options.clock ?? (() => new Date());
  const count = async (executor: SqlExecutor, callerKey?: string) =>
    (callerKey === undefined
      ? await executor.get<{ n: number }>(`SELECT count(*) AS n FROM ${TABLE}`)
      : await executor.get<{ n: number }>(`SELECT count(*) AS n FROM ${TABLE} WHERE caller_key = ?`, [callerKey])
    )?.n ?? 0;

  return {
    save: (flow) =>
      db.transaction(
        async (tx) => {
          const now = clock().getTime();
          await tx.run(`DELETE FROM ${TABLE} WHERE expires_at <= ?`, [now]);
          const excess = Number(await count(tx, flow.callerKey)) - maxPerCaller + 1;
          if (excess > 0) {
            await tx.run(
              `DELETE FROM ${TABLE} WHERE flow_key IN
                (SELECT flow_key FROM ${TABLE} WHERE caller_key = ? ORDER BY created_at, flow_key LIMIT ?)`,
              [flow.callerKey, excess],
            );
          }
          if (Number(await count(tx)) >= maxTotal) throw new RateLimitedError(FULL_RETRY_AFTER_SECONDS);
          await tx.run(
            `INSERT INTO ${TABLE} (flow_key, caller_key, user_id, encrypted_poll_token, created_at, expires_at,
              next_poll_at) VALUES (?, ?, ?, ?, ?, ?, 0)`,
            [
              flow.flowKey,
              flow.callerKey,
              flow.userId ?? null,
              box.encrypt(flow.pollToken, loginFlowContext(flow.flowKey, 'poll_token')),
              now,
              flow.expiresAt.getTime(),
            ],
          );
        },
        { lock: 'nextcloud-mcp-server:login-flows' },
      ),

    async claim(flowKey, now, claimUntil, callerKey) {
      const ofCaller = callerKey === undefined ? '' : ' AND caller_key = ?';
      const callerParam = callerKey === undefined ? [] : [callerKey];
      // One statement: of two replicas claiming the same flow, one moves next_poll_at and the other finds it moved.
      const claimed = await db.run(
        `UPDATE ${TABLE} SET next_poll_at = ? WHERE flow_key = ? AND expires_at > ? AND next_poll_at <= ?${ofCaller}`,
        [claimUntil.getTime(), flowKey, now.getTime(), now.getTime(), ...callerParam],
      );
      const row = await db.get<{
        user_id: string | null;
        encrypted_poll_token: Buffer;
        encrypted_grant: Buffer | null;
        expires_at: number;
      }>(
        `SELECT user_id, encrypted_poll_token, encrypted_grant, expires_at FROM ${TABLE} WHERE flow_key = ?${ofCaller}`,
        [flowKey, ...callerParam],
      );
      if (!row) return undefined;
      if (Number(row.expires_at) <= now.getTime()) {
        await db.run(`DELETE FROM ${TABLE} WHERE flow_key = ?`, [flowKey]);
        return undefined;
      }
      if (claimed.changes !== 1) return 'busy';
      return {
        flowKey,
        pollToken: box.decrypt(row.encrypted_poll_token, loginFlowContext(flowKey, 'poll_token')),
        userId: row.user_id ?? undefined,
        grant: row.encrypted_grant
          ? (JSON.parse(box.decrypt(row.encrypted_grant, loginFlowContext(flowKey, 'grant'))) as LoginFlowGrant)
          : undefined,
      };
    },

    release: async (flowKey, nextPollAt) => {
      await db.run(`UPDATE ${TABLE} SET next_poll_at = ? WHERE flow_key = ?`, [nextPollAt.getTime(), flowKey]);
    },

    keepGrant: async (flowKey, grant) => {
      const sealed = box.encrypt(JSON.stringify(grant), loginFlowContext(flowKey, 'grant'));
      await db.run(`UPDATE ${TABLE} SET encrypted_grant = ? WHERE flow_key = ?`, [sealed, flowKey]);
    },

    remove: async (flowKey) => (await db.run(`DELETE FROM ${TABLE} WHERE flow_key = ?`, [flowKey])).changes > 0,

    count: async (callerKey) => Number(await count(db, callerKey)),
  };
}

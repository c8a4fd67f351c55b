// Our webhook registrations at Nextcloud, in the `webhooks` table: each with its own random secret, encrypted at rest,
// and the receiver's check of a presented secret in constant time against a cache refreshed on every change here and
// from the database when stale or on a miss (another replica may have registered or deleted one).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConflictError } from '../../errors.js';
import type { AuditLog } from '../../store/audit-log.js';
import { webhookSecretContext } from '../../store/encrypted-columns.js';
import type { SecretBox } from '../../store/secret-box.js';
import type { SqlDatabase } from '../../store/sql/sql-database.js';
import { isWebhookPreset, type WebhookPreset } from './webhook-presets.js';

/** At most this many registrations (4 presets of at most 5 events fit several times over). */
export const MAX_WEBHOOK_REGISTRATIONS = 40;
/** The secrets' cache is read again from the database when older than this (a deletion by another replica). */
export const SECRETS_MAX_AGE_MS = 30_000;
/** A presented secret that matches none reads the database again at most this often (a new one of another replica). */
export const SECRETS_MISS_REFRESH_MS = 1000;

export interface WebhookRegistration {
  id: number;
  /** The webhook's id at Nextcloud (for deleting it there). */
  nextcloudId: number;
  event: string;
  preset: WebhookPreset;
  uri: string;
  eventFilter: Record<string, unknown>;
  /** The Nextcloud admin who registered it. */
  registeredBy: string;
  createdAt: Date;
}

export interface NewWebhookRegistration extends Omit<WebhookRegistration, 'id' | 'createdAt'> {
  secret: string;
}

/** What the receiver asks: which of our registrations a presented secret belongs to. */
export interface WebhookSecrets {
  /** The registration's preset when `presented` is one of our secrets; compared in constant time. */
  match(presented: string): Promise<{ preset: WebhookPreset } | undefined>;
}

export interface WebhookRegistrationStore extends WebhookSecrets {
  add(registration: NewWebhookRegistration, requestId?: string): Promise<WebhookRegistration>;
  list(): Promise<WebhookRegistration[]>;
  get(id: number): Promise<WebhookRegistration | undefined>;
  /** Resolves whether it existed. */
  delete(id: number, deletedBy: string, requestId?: string): Promise<boolean>;
  count(): Promise<number>;
}

/** 32 random bytes, base64url: the value Nextcloud sends back in our header. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}

interface Row {
  id: number;
  nextcloud_id: number;
  event: string;
  preset: string;
  uri: string;
  event_filter: string;
  registered_by: string | null;
  created_at: number;
  encrypted_secret: Buffer | null;
}

export function createWebhookRegistrationStore(deps: {
  db: SqlDatabase;
  box: SecretBox;
  audit: AuditLog;
  clock?: () => Date;
}): WebhookRegistrationStore {
  const { db, box, audit } = deps;
  const clock = deps.clock ?? (() => new Date());
  const columns = 'id, nextcloud_id, event, preset, uri, event_filter, registered_by, created_at, encrypted_secret';
  const selectAll = () => db.all<Row>(`SELECT ${columns} FROM webhooks WHERE nextcloud_id IS NOT NULL ORDER BY id`);
  const selectOne = (id: number) =>
    db.get<Row>(`SELECT ${columns} FROM webhooks WHERE id = ? AND nextcloud_id IS NOT NULL`, [id]);
  let digests: { digest: Buffer; preset: WebhookPreset }[] = [];
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;

  /** The cache of secret digests: rows whose secret does not open with our key can never match. */
  const load = async () => {
    const startedAt = clock().getTime();
    const rows = await selectAll();
    digests = rows.flatMap((row) => {
      const preset = toPreset(row.preset);
      if (!row.encrypted_secret || !preset) return [];
      try {
        return [{ digest: digest(box.decrypt(row.encrypted_secret, webhookSecretContext(row.id))), preset }];
      } catch {
        return [];
      }
    });
    loadedAt = startedAt;
  };
  /** One read at a time: a burst of calls waits for the same one. */
  const refresh = () => (loading ??= load().finally(() => (loading = undefined)));

  const scan = (candidate: Buffer): WebhookPreset | undefined => {
    let found: WebhookPreset | undefined;
    // Every digest is compared, so the time taken does not tell which one (or whether one) matched.
    for (const entry of digests) {
      if (timingSafeEqual(entry.digest, candidate) && found === undefined) found = entry.preset;
    }
    return found;
  };

  return {
    async add(registration, requestId) {
      const id = await db.transaction(
        async (tx) => {
          const existing = await tx.get<{ n: number }>(
            'SELECT count(*) AS n FROM webhooks WHERE nextcloud_id IS NOT NULL',
          );
          if (Number(existing?.n ?? 0) >= MAX_WEBHOOK_REGISTRATIONS) {
            throw new ConflictError(`At most ${MAX_WEBHOOK_REGISTRATIONS} webhooks can be registered.`);
          }
          const inserted = await tx.get<{ id: number }>(
            `INSERT INTO webhooks (event, uri, nextcloud_id, preset, event_filter, registered_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            [
              registration.event,
              registration.uri,
              registration.nextcloudId,
              registration.preset,
              JSON.stringify(registration.eventFilter),
              registration.registeredBy,
              clock().getTime(),
            ],
          );
          const newId = Number(inserted?.id);
          await tx.run('UPDATE webhooks SET encrypted_secret = ? WHERE id = ?', [
            box.encrypt(registration.secret, webhookSecretContext(newId)),
            newId,
          ]);
          await audit.write(
            { userId: registration.registeredBy, action: 'webhook.register', requestId, detail: registration.event },
            tx,
          );
          return newId;
        },
        { lock: 'webhooks' },
      );
      await load();
      const row = await selectOne(id);
      if (!row) throw new Error('The webhook registration could not be read back.');
      return toRegistration(row);
    },
    list: async () => (await selectAll()).flatMap((row) => (toPreset(row.preset) ? [toRegistration(row)] : [])),
    async get(id) {
      const row = await selectOne(id);
      return row && toPreset(row.preset) ? toRegistration(row) : undefined;
    },
    async delete(id, deletedBy, requestId) {
      const existed = await db.transaction(async (tx) => {
        const removed = (await tx.run('DELETE FROM webhooks WHERE id = ?', [id])).changes > 0;
        await audit.write(
          {
            userId: deletedBy,
            action: 'webhook.delete',
            outcome: removed ? 'ok' : 'none',
            requestId,
            detail: String(id),
          },
          tx,
        );
        return removed;
      });
      await load();
      return existed;
    },
    count: async () => (await selectAll()).length,
    async match(presented) {
      const now = clock().getTime();
      if (now - loadedAt > SECRETS_MAX_AGE_MS) await refresh();
      const candidate = digest(presented);
      let found = scan(candidate);
      if (found === undefined && now - loadedAt >= SECRETS_MISS_REFRESH_MS) {
        await refresh();
        found = scan(candidate);
      }
      return found === undefined ? undefined : { preset: found };
    },
  };
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

function toPreset(value: string): WebhookPreset | undefined {
  return isWebhookPreset(value) ? value : undefined;
}

function toRegistration(row: Row): WebhookRegistration {
  return {
    id: row.id,
    nextcloudId: row.nextcloud_id,
    event: row.event,
    preset: toPreset(row.preset) ?? 'files',
    uri: row.uri,
    eventFilter: parseFilter(row.event_filter),
    registeredBy: row.registered_by ?? '',
    createdAt: new Date(row.created_at),
  };
}

function parseFilter(text: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

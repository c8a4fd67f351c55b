// Our webhook registrations at Nextcloud, in the `webhooks` table: each with its own random secret, encrypted at rest,
// and the receiver's check of a presented secret in constant time against a cache refreshed on every change.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConflictError } from '../../errors.js';
import type { AuditLog } from '../../store/audit-log.js';
import type { SqliteDatabase } from '../../store/database.js';
import { webhookSecretContext } from '../../store/encrypted-columns.js';
import type { SecretBox } from '../../store/secret-box.js';
import { isWebhookPreset, type WebhookPreset } from './webhook-presets.js';

/** At most this many registrations (4 presets of at most 5 events fit several times over). */
export const MAX_WEBHOOK_REGISTRATIONS = 40;

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
  match(presented: string): { preset: WebhookPreset } | undefined;
}

export interface WebhookRegistrationStore extends WebhookSecrets {
  add(registration: NewWebhookRegistration, requestId?: string): WebhookRegistration;
  list(): WebhookRegistration[];
  get(id: number): WebhookRegistration | undefined;
  /** Returns whether it existed. */
  delete(id: number, deletedBy: string, requestId?: string): boolean;
  count(): number;
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
  db: SqliteDatabase;
  box: SecretBox;
  audit: AuditLog;
  clock?: () => Date;
}): WebhookRegistrationStore {
  const { db, box, audit } = deps;
  const clock = deps.clock ?? (() => new Date());
  const columns = 'id, nextcloud_id, event, preset, uri, event_filter, registered_by, created_at, encrypted_secret';
  const insert =
    db.prepare(`INSERT INTO webhooks (event, uri, nextcloud_id, preset, event_filter, registered_by, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const seal = db.prepare('UPDATE webhooks SET encrypted_secret = ? WHERE id = ?');
  const selectAll = db.prepare(`SELECT ${columns} FROM webhooks WHERE nextcloud_id IS NOT NULL ORDER BY id`);
  const selectOne = db.prepare(`SELECT ${columns} FROM webhooks WHERE id = ? AND nextcloud_id IS NOT NULL`);
  const remove = db.prepare('DELETE FROM webhooks WHERE id = ?');
  let digests: { digest: Buffer; preset: WebhookPreset }[] = [];

  /** The cache of secret digests: rows whose secret does not open with our key can never match. */
  const refresh = () => {
    digests = (selectAll.all() as Row[]).flatMap((row) => {
      const preset = toPreset(row.preset);
      if (!row.encrypted_secret || !preset) return [];
      try {
        return [{ digest: digest(box.decrypt(row.encrypted_secret, webhookSecretContext(row.id))), preset }];
      } catch {
        return [];
      }
    });
  };
  refresh();

  const add = db.transaction((registration: NewWebhookRegistration, requestId?: string) => {
    if ((selectAll.all() as Row[]).length >= MAX_WEBHOOK_REGISTRATIONS) {
      throw new ConflictError(`At most ${MAX_WEBHOOK_REGISTRATIONS} webhooks can be registered.`);
    }
    const { lastInsertRowid } = insert.run(
      registration.event,
      registration.uri,
      registration.nextcloudId,
      registration.preset,
      JSON.stringify(registration.eventFilter),
      registration.registeredBy,
      clock().getTime(),
    );
    const id = Number(lastInsertRowid);
    seal.run(box.encrypt(registration.secret, webhookSecretContext(id)), id);
    audit.write({
      userId: registration.registeredBy,
      action: 'webhook.register',
      requestId,
      detail: registration.event,
    });
    return id;
  });
  const removeAudited = db.transaction((id: number, deletedBy: string, requestId?: string) => {
    const existed = remove.run(id).changes > 0;
    audit.write({
      userId: deletedBy,
      action: 'webhook.delete',
      outcome: existed ? 'ok' : 'none',
      requestId,
      detail: String(id),
    });
    return existed;
  });

  return {
    add(registration, requestId) {
      const id = add(registration, requestId);
      refresh();
      return toRegistration(selectOne.get(id) as Row);
    },
    list: () => (selectAll.all() as Row[]).flatMap((row) => (toPreset(row.preset) ? [toRegistration(row)] : [])),
    get(id) {
      const row = selectOne.get(id) as Row | undefined;
      return row && toPreset(row.preset) ? toRegistration(row) : undefined;
    },
    delete(id, deletedBy, requestId) {
      const existed = removeAudited(id, deletedBy, requestId);
      refresh();
      return existed;
    },
    count: () => (selectAll.all() as Row[]).length,
    match(presented) {
      const candidate = digest(presented);
      let found: WebhookPreset | undefined;
      // Every digest is compared, so the time taken does not tell which one (or whether one) matched.
      for (const entry of digests) {
        if (timingSafeEqual(entry.digest, candidate) && found === undefined) found = entry.preset;
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

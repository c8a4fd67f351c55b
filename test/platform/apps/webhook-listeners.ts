// Nextcloud's webhook_listeners app in the platform double (docs/nextcloud-behaviour.md, "Webhooks"): the admin-only
// OCS API to register webhooks, and delivery of the other apps' events as background jobs that `runWebhookJobs()` (the
// cron) sends.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { DoubleAccount, DoubleApp, DoubleEvent, DoubleRequest } from '../double-app.js';
import { OCS_INTERNAL_ERROR, respondOcs, type OcsOutcome } from '../ocs-envelope.js';
import { WEBHOOK_COMPATIBLE_CLASSES } from './webhooks/dispatched-events.js';
import { FilterError, matchesFilter } from './webhooks/mongo-filter.js';

const NOT_ADMIN = 'Logged in account must be an admin, a sub admin or gotten special right to access this setting';
const ROUTE = /^\/ocs\/v([12])\.php\/apps\/webhook_listeners\/api\/v1\/webhooks(?:\/([^/]+))?$/;

export interface WebhookListener {
  id: number;
  appId: null;
  userId: string;
  httpMethod: string;
  uri: string;
  event: string;
  eventFilter: Record<string, unknown>;
  userIdFilter: string;
  headers: Record<string, string> | null;
  authMethod: 'none' | 'header';
  /** The clear auth data (never answered: the API shows an encrypted blob). */
  authData: Record<string, string> | null;
  /** What the API answers instead of authData. */
  sealedAuthData: string;
}

/** One delivery attempt of `runWebhookJobs()`. */
export interface WebhookDelivery {
  webhookId: number;
  uri: string;
  /** The HTTP status, or the network error. */
  status: number | string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookListenersDouble extends DoubleApp {
  /** The registrations, as stored. */
  listeners(): WebhookListener[];
  /** Calls queued and not sent yet. */
  pendingJobs(): number;
  /** The cron: sends every pending call once (no retry on failure) and returns what happened. */
  runWebhookJobs(): Promise<WebhookDelivery[]>;
}

interface Job {
  listenerId: number;
  body: string;
}

export function createWebhookListenersApp(): WebhookListenersDouble {
  const listeners = new Map<number, WebhookListener>();
  let lastId = 0;
  const jobs: Job[] = [];

  function route(req: DoubleRequest, id: string | undefined, body: Record<string, unknown>): OcsOutcome {
    if (!req.user?.groups.includes('admin')) return { status: 403, message: NOT_ADMIN };
    if (id === undefined && req.method === 'GET') {
      const uri = req.url.searchParams.get('uri');
      const all = [...listeners.values()].filter((listener) => uri === null || listener.uri === uri);
      return { status: 200, data: all.map(describe) };
    }
    if (id === undefined && req.method === 'POST') return save(req.user, undefined, body);
    const numeric = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
    if (numeric === undefined) return { status: 404, message: 'Not found' };
    if (req.method === 'GET') {
      const found = listeners.get(numeric);
      return found
        ? { status: 200, data: describe(found) }
        : { status: 404, message: 'Did expect one result but found none when executing: query' };
    }
    if (req.method === 'POST') {
      if (!listeners.has(numeric)) return { status: 404, message: 'Did expect one result but found none' };
      return save(req.user, numeric, body);
    }
    if (req.method === 'DELETE') return { status: 200, data: listeners.delete(numeric) };
    return { status: 405, message: 'Method not allowed' };
  }

  function save(user: DoubleAccount, id: number | undefined, body: Record<string, unknown>): OcsOutcome {
    const { httpMethod, uri, event, eventFilter, userIdFilter, headers, authMethod, authData } = body;
    // Missing required parameters (an update with a partial body, too) fail in PHP: 500.
    const internal: OcsOutcome = { status: 500, message: OCS_INTERNAL_ERROR };
    if (typeof httpMethod !== 'string' || typeof uri !== 'string' || typeof event !== 'string') return internal;
    if (!isOptionalObject(eventFilter) || !isOptionalObject(headers) || !isOptionalObject(authData)) return internal;
    if (userIdFilter !== undefined && userIdFilter !== null && typeof userIdFilter !== 'string') return internal;
    const method = authMethod ?? 'none';
    if (method !== 'none' && method !== 'header') return { status: 400, message: 'This auth method does not exist' };
    const eventClass = event.replace(/^\\+/, '');
    if (!WEBHOOK_COMPATIBLE_CLASSES.has(eventClass)) {
      return { status: 400, message: `${eventClass} is not an event class compatible with webhooks` };
    }
    if (method === 'header' && (!authData || Object.keys(authData).length === 0)) {
      return { status: 400, message: 'Header auth method needs an associative array of headers as auth data' };
    }
    const listener: WebhookListener = {
      id: id ?? (lastId += 1),
      appId: null,
      userId: user.id,
      httpMethod,
      uri,
      event: eventClass,
      eventFilter: (eventFilter as Record<string, unknown> | undefined) ?? {},
      userIdFilter: typeof userIdFilter === 'string' ? userIdFilter : '',
      headers: (headers as Record<string, string> | undefined) ?? null,
      authMethod: method,
      authData: method === 'header' ? stringValues(authData as Record<string, unknown>) : null,
      sealedAuthData: sealed(),
    };
    listeners.set(listener.id, listener);
    return { status: 200, data: describe(listener) };
  }

  /**
   * An event during a request: every listener of its class whose filters pass gets a queued call, in row order. A
   * listener with a userIdFilter is only registered for a class that also has a listener without one. An eventFilter
   * with an unknown operator throws at event time and ends the loop: the listeners after it get no call either.
   */
  function onEvent(event: DoubleEvent, user: DoubleAccount | undefined): void {
    const ofClass = [...listeners.values()].filter((listener) => listener.event === event.class);
    if (!ofClass.some((listener) => listener.userIdFilter === '')) return;
    const body = {
      event: { ...event.data, class: event.class },
      user: user ? { uid: user.id, displayName: user.displayName } : null,
      time: Math.floor(Date.now() / 1000),
    };
    for (const listener of ofClass) {
      if (listener.userIdFilter !== '' && listener.userIdFilter !== user?.id) continue;
      const verdict = evaluateFilter(listener.eventFilter, body);
      // unverified: which ones are silenced: the double goes in id order (Nextcloud in the database's row order).
      if (verdict === 'throws') return;
      if (verdict === 'pass') jobs.push({ listenerId: listener.id, body: encodeLikePhp(body) });
    }
  }

  async function runWebhookJobs(): Promise<WebhookDelivery[]> {
    const due = jobs.splice(0, jobs.length);
    const deliveries: WebhookDelivery[] = [];
    for (const job of due) {
      const listener = listeners.get(job.listenerId);
      // A call whose webhook was deleted before the job ran is dropped.
      if (listener) deliveries.push(await deliver(listener, job.body));
    }
    return deliveries;
  }

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const match = ROUTE.exec(req.path);
    if (!match) return false;
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      const parsed = await readBody(req);
      if (parsed === undefined) {
        respondOcs(req.raw, res, req.url, version(match[1]), { status: 400, message: 'The body is not valid' });
        return true;
      }
      body = parsed;
    }
    respondOcs(req.raw, res, req.url, version(match[1]), route(req, match[2], body));
    return true;
  }

  return {
    id: 'webhook_listeners',
    handle,
    onEvent,
    listeners: () => [...listeners.values()],
    pendingJobs: () => jobs.length,
    runWebhookJobs,
  };
}

/** `throws`: PHPMongoQuery threw (e.g. "Operator $bogus is unknown"); Nextcloud logs it at error level. */
function evaluateFilter(filter: Record<string, unknown>, body: Record<string, unknown>) {
  if (Object.keys(filter).length === 0) return 'pass';
  try {
    return matchesFilter(filter, body) ? 'pass' : 'fail';
  } catch (error) {
    if (error instanceof FilterError) return 'throws';
    throw error;
  }
}

/** json_encode's defaults: `/` escaped as `\/`. */
function encodeLikePhp(body: unknown): string {
  return JSON.stringify(body).replace(/\//g, '\\/');
}

/** POST {uri} once: Nextcloud's headers, the static ones, the auth headers — and no Content-Type. */
function deliver(listener: WebhookListener, body: string): Promise<WebhookDelivery> {
  const headers: Record<string, string> = {
    'User-Agent': 'Nextcloud Server Crawler',
    'Accept-Encoding': 'gzip',
    'Content-Length': String(Buffer.byteLength(body)),
    ...(listener.headers ?? {}),
    ...(listener.authMethod === 'header' ? (listener.authData ?? {}) : {}),
  };
  const base = { webhookId: listener.id, uri: listener.uri, headers, body };
  return new Promise((resolve) => {
    const request = httpRequest(listener.uri, { method: listener.httpMethod, headers, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ...base, status: response.statusCode ?? 0 }));
    });
    request.on('error', (error) => resolve({ ...base, status: error.message }));
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.end(body);
  });
}

function describe(listener: WebhookListener) {
  const { sealedAuthData, authData: _clear, ...rest } = listener;
  return { ...rest, authData: listener.authMethod === 'header' ? sealedAuthData : null };
}

/** ICrypto's output shape, `hex|hex|hex|3`: ciphertext, iv, hmac, version. */
function sealed(): string {
  return `${randomBytes(48).toString('hex')}|${randomBytes(16).toString('hex')}|${randomBytes(64).toString('hex')}|3`;
}

async function readBody(req: DoubleRequest): Promise<Record<string, unknown> | undefined> {
  const text = (await req.body()).toString('utf8');
  if (text.trim() === '') return {};
  try {
    const parsed = text.trim().startsWith('{')
      ? (JSON.parse(text) as unknown)
      : Object.fromEntries(new URLSearchParams(text));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function isOptionalObject(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value));
}

function stringValues(data: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}

const version = (digit: string | undefined) => (digit === '1' ? 1 : 2);

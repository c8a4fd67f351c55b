// Shared set-up of the sync-source tests: the platform double (with a real Radicale for DAV), sync contexts for its
// users, requests to it with their Basic credentials, the requests a scan made, and the scan-result helpers.
import { createDavApp } from '../../../test/platform/apps/dav.js';
import type { DoubleApp } from '../../../test/platform/double-app.js';
import {
  startPlatformDouble,
  type PlatformDouble,
  type RecordedRequest,
} from '../../../test/platform/platform-double.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import type { ScanResult, SyncContext } from '../../src/knowledge/sync/sync-source.js';
import { basicAuth } from './sidecar.js';
import { createTestSyncContexts, type TestSyncContexts } from './sync-context.js';

export type Changes = Extract<ScanResult, { kind: 'changes' }>;

export function asChanges(result: ScanResult): Changes {
  if (result.kind !== 'changes') throw new Error(`expected changes, got ${result.kind}`);
  return result;
}

/** The doc ids a scan reported as changed, sorted. */
export function changedIds(result: ScanResult): string[] {
  return asChanges(result)
    .changed.map((document) => document.docId)
    .sort();
}

export interface SourceDoubleOptions {
  /** The users of the double, by id, each with one app password. */
  users: Record<string, string>;
  /** Nextcloud apps to serve besides DAV. */
  apps?: DoubleApp[];
  /** Start a real Radicale and serve Nextcloud's CalDAV/CardDAV paths from it. */
  dav?: boolean;
}

export interface RequestOptions {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Whose Basic credentials to send (default: the first user). */
  user?: string;
}

export interface SourceDouble {
  double: PlatformDouble;
  /** A sync context for a user of the double, with the user's app password. */
  contextFor(userId: string): SyncContext;
  /** A request to a path of the double (e.g. `/remote.php/dav/…`) as a user. */
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** A JSON request as the first user that must answer 200; its parsed body. */
  json<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** What `act` returned and the requests the double saw meanwhile, as "METHOD path" (`path` maps each path). */
  requestsDuring<T>(
    act: () => Promise<T>,
    path?: (path: string) => string,
  ): Promise<{ result: T; requests: string[]; seen: RecordedRequest[] }>;
  close(): Promise<void>;
}

export async function startSourceDouble(options: SourceDoubleOptions): Promise<SourceDouble> {
  const radicale: RunningRadicale | undefined = options.dav ? await startRadicale() : undefined;
  const double = await startPlatformDouble({
    users: Object.entries(options.users).map(([id, password]) => ({ id, appPasswords: [password] })),
    apps: [...(radicale ? [createDavApp(radicale)] : []), ...(options.apps ?? [])],
  });
  const contexts: TestSyncContexts = createTestSyncContexts(double.url);
  const firstUser = Object.keys(options.users)[0]!;
  const passwordOf = (userId: string) => {
    const password = options.users[userId];
    if (password === undefined) throw new Error(`no user ${userId} in the double`);
    return password;
  };
  const request = (path: string, init: RequestOptions = {}) => {
    const user = init.user ?? firstUser;
    return fetch(`${double.url}${path}`, {
      method: init.method ?? 'GET',
      body: init.body,
      headers: { authorization: basicAuth(user, passwordOf(user)), ...init.headers },
    });
  };
  return {
    double,
    contextFor: (userId) => contexts.contextFor(userId, passwordOf(userId)),
    request,
    json: async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    requestsDuring: async (act, path = (p) => p) => {
      const before = double.requests.length;
      const result = await act();
      const seen = double.requests.slice(before);
      return { result, requests: seen.map((r) => `${r.method} ${path(r.path)}`), seen };
    },
    close: async () => {
      await contexts.close();
      await double.close();
      await radicale?.stop();
    },
  };
}

// Hostile input to every knowledge route (search, points, chunk context, sync status, apps, webhooks and the webhook
// receiver), garbage Bearer tokens and another client's token among it: never a 5xx, always a JSON error without
// paths, URLs or stack traces, and no change of the index, the queue or the webhook registrations.
import { request as httpRequest } from 'node:http';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createWebhookListenersApp } from '../../../test/platform/apps/webhook-listeners.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { WEBHOOK_SECRET_HEADER } from '../../src/api/webhook-receiver.js';
import { startSyncSidecar, until } from '../support/knowledge-sidecar.js';
import { SIDECAR_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { basicAuth, type TestSidecar } from '../support/sidecar.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let token: string;
/** A valid access token of a client the sidecar does not trust. */
let foreignToken: string;

beforeAll(async () => {
  const files = createFilesApp();
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [PASSWORD], groups: ['admin'] }], {
    apps: [files, createWebhookListenersApp()],
  });
  files.seedFile('alice', 'Documents/alpha.md', 'The zebra grazes beside the old lighthouse.');
  files.seedFile('alice', 'Documents/beta.md', 'Beta notes about the annual harvest festival.');
  const started = await startSyncSidecar(nextcloud, { alice: PASSWORD });
  sidecar = started.sidecar;
  token = started.tokens.alice!;
  foreignToken = (await tokensFor(nextcloud, 'alice', SIDECAR_CLIENT)).access_token;
  const registered = await rawRequest('POST', '/api/v1/webhooks', json(), Buffer.from('{"preset":"files"}'));
  expect(registered.status).toBe(201);
  // Settled: the first scan finished (its next scan time is written last) and its work is indexed.
  const settled = (state: Record<string, unknown>) =>
    (state.documents as number) >= 2 &&
    (state.queue as unknown[]).length === 0 &&
    (state.users as { last_scan_at: number | null }[])[0]?.last_scan_at != null;
  await until('the files are indexed', () => settled(snapshot()));
}, 30_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

const json = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...extra,
});

/** Raw HTTP, so paths, headers and bodies reach the server exactly as generated. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(sidecar.url);
    // A length for every body: Node sends a GET's body unframed otherwise, and the parser (not the app) answers 400.
    const framed = body ? { ...headers, 'content-length': String(body.length) } : headers;
    const options = { host: url.hostname, port: url.port, method, path, headers: framed, agent: false };
    const req = httpRequest(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Index, queue, sync state and webhook registrations as stored (read through a second connection). */
function snapshot(): Record<string, unknown> {
  const db = new Database(sidecar.dbPath, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      documents: (db.prepare('SELECT count(*) AS n FROM index_documents').get() as { n: number }).n,
      chunks: all(
        'SELECT c.id, c.document_id, t.text FROM index_chunks c JOIN index_chunk_texts t ON t.id = c.id ORDER BY c.id',
      ),
      queue: all('SELECT * FROM sync_queue ORDER BY id'),
      users: all('SELECT user_id, state, last_scan_at, next_scan_at FROM sync_users'),
      webhooks: all('SELECT * FROM webhooks ORDER BY id'),
    };
  } finally {
    db.close();
  }
}

/** A rejected request answers a JSON error that names no path, URL, address or stack frame. */
function expectCleanRejection(response: { status: number; body: string }, method: string): void {
  expect(response.status).toBeLessThan(500);
  // 431: Node's HTTP parser refuses headers over 16 KB before the app sees the request (an empty body).
  if (response.status < 400 || response.status === 431 || method === 'HEAD') return;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    throw new Error(`HTTP ${response.status} without a JSON body: ${response.body.slice(0, 200)}`);
  }
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(response.body).not.toMatch(/at \w+ \(|\/work\/|node_modules|https?:\/\/|127\.0\.0\.1|SQLITE|sqlite/i);
}

const ROUTES = [
  ['POST', '/api/v1/search'],
  ['POST', '/api/v1/search/points'],
  ['GET', '/api/v1/chunk-context'],
  ['GET', '/api/v1/vector-sync/status'],
  ['GET', '/api/v1/apps'],
  ['GET', '/api/v1/webhooks'],
  ['POST', '/api/v1/webhooks'],
  ['DELETE', '/api/v1/webhooks/'],
  ['POST', '/webhooks/nextcloud'],
] as const;
const odd = fc.constantFrom(
  '',
  '%00',
  '%FF%FE',
  '../../etc/passwd',
  'x'.repeat(12_000),
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '1.5',
  '99999999999999999999',
  '__proto__',
  'constructor',
  '[]',
  '{}',
  'null',
);
const text = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 }), odd);
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, 'x'.repeat(10_001)),
);
const searchBody = fc.record(
  {
    query: value,
    algorithm: fc.oneof(value, fc.constantFrom('bm25', 'semantic', 'hybrid', 'BM25', 'magic')),
    fusion: fc.oneof(value, fc.constantFrom('rrf', 'dbsf', 'RRF')),
    limit: value,
    offset: value,
    score_threshold: value,
    doc_types: fc.oneof(value, fc.array(fc.constantFrom('file', 'note', 'deck', 'contact', 'x'), { maxLength: 14 })),
    include_pca: value,
    include_chunks: value,
    point_ids: fc.oneof(value, fc.array(fc.oneof(text, fc.bigInt().map(String)), { maxLength: 120 })),
    preset: fc.oneof(value, fc.constantFrom('files', 'notes', 'calendar', 'tables', 'deck', 'FILES')),
    __proto__: value,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  searchBody.map((b) => Buffer.from(JSON.stringify(b))),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.constantFrom(Buffer.from('{"query":'), Buffer.from('{"query":"x"}'.repeat(3)), Buffer.alloc(0)),
);
const queryString = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('doc_type', 'doc_id', 'start', 'end', 'context', 'x', 'start[]', 'doc_type[a]'),
      fc.oneof(text, fc.integer().map(String)),
      { maxKeys: 6 },
    )
    .map((params) =>
      Object.entries(params)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&'),
    ),
  fc.constantFrom('doc_type=file&doc_type=note&doc_id=1&start=0&end=5', 'start=%FF', '%%%', 'a=1&'.repeat(500)),
);
const authorization = fc.oneof(
  fc.constant('valid'),
  fc.constant('valid'),
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Bearer abc.def.ghi', 'Basic !!!', basicAuth('alice', PASSWORD)),
  fc.string({ maxLength: 120 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  fc.stringMatching(/^[A-Za-z0-9]{1,100}$/).map((garbage) => `Bearer ${garbage}`),
  fc.constant('foreign'),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
);
const deleteId = fc.oneof(
  odd,
  fc.integer({ min: 1_000_000 }).map(String),
  fc.constantFrom('0', '-5', '1%2F', '%20', 'abc'),
);

describe('hostile input to the knowledge routes', () => {
  it('never answers 5xx, always a clean JSON error, and changes nothing', async () => {
    const before = snapshot();

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'route'),
        queryString,
        deleteId,
        authorization,
        fc.option(body),
        contentType,
        fc.option(fc.string({ maxLength: 80 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
        async ([routeMethod, route], methodChoice, query, id, auth, payload, type, secret) => {
          const method = methodChoice === 'route' ? routeMethod : methodChoice;
          const path = `${route}${route.endsWith('/') ? encodeURIComponent(id).replace(/%25/g, '%') : ''}?${query}`;
          const headers: Record<string, string> = {};
          const named = new Map([
            ['valid', token],
            ['foreign', foreignToken],
          ]).get(auth);
          if (auth) headers.authorization = named ? `Bearer ${named}` : auth;
          if (payload) headers['content-type'] = type;
          if (secret !== null) headers[WEBHOOK_SECRET_HEADER] = secret;

          const response = await rawRequest(method, path, headers, payload ?? undefined);

          expectCleanRejection(response, method);
        },
      ),
      { numRuns: 250 },
    );

    expect(snapshot()).toEqual(before);
  }, 60_000);

  it.each([
    ['a query of 10,001 characters', { query: 'x'.repeat(10_001) }],
    ['a query of 5,300 characters that are 95,400 once normalised', { query: '\uFDFA'.repeat(5300) }],
    ['limit 0', { query: 'zebra', limit: 0 }],
    ['limit 101', { query: 'zebra', limit: 101 }],
    ['limit as a string', { query: 'zebra', limit: '10' }],
    ['a fractional limit', { query: 'zebra', limit: 1.5 }],
    ['offset 1,000,001', { query: 'zebra', offset: 1_000_001 }],
    ['score_threshold 1.01', { query: 'zebra', score_threshold: 1.01 }],
    ['an unknown doc type', { query: 'zebra', doc_types: ['deck'] }],
    ['an unknown fusion', { query: 'zebra', algorithm: 'hybrid', fusion: 'sum' }],
    ['an unknown field', { query: 'zebra', limt: 5 }],
    ['a query that is not a string', { query: ['zebra'] }],
    ['include_pca as a string', { query: 'zebra', include_pca: 'yes' }],
  ])('answers a search with %s with 400', async (_name, request) => {
    const response = await rawRequest('POST', '/api/v1/search', json(), Buffer.from(JSON.stringify(request)));

    expect(response.status).toBe(400);
    expectCleanRejection(response, 'POST');
  });

  it.each([
    ['end not after start', 'doc_type=file&doc_id=1&start=5&end=5'],
    ['a negative start', 'doc_type=file&doc_id=1&start=-1&end=5'],
    ['a fractional end', 'doc_type=file&doc_id=1&start=0&end=5.5'],
    ['a span over 100,000', 'doc_type=file&doc_id=1&start=0&end=100001'],
    ['an unknown doc type', 'doc_type=deck&doc_id=1&start=0&end=5'],
    ['a repeated doc type', 'doc_type=file&doc_type=note&doc_id=1&start=0&end=5'],
    ['a control character in doc_id', 'doc_type=file&doc_id=%01&start=0&end=5'],
    ['context over 10,000', 'doc_type=file&doc_id=1&start=0&end=5&context=10001'],
  ])('answers chunk context with %s with 400', async (_name, query) => {
    const response = await rawRequest('GET', `/api/v1/chunk-context?${query}`, json());

    expect(response.status).toBe(400);
    expectCleanRejection(response, 'GET');
  });

  it('answers an oversized search body with 413 and a webhook without its secret with 401', async () => {
    const big = Buffer.from(JSON.stringify({ query: 'x'.repeat(2 * 1024 * 1024) }));
    const tooLarge = await rawRequest('POST', '/api/v1/search', json(), big);
    expect(tooLarge.status).toBe(413);
    expectCleanRejection(tooLarge, 'POST');

    const before = snapshot();
    const event = { user: { uid: 'alice' }, event: { class: 'OCP\\Files\\Events\\Node\\NodeWrittenEvent' } };
    const unsigned = await rawRequest(
      'POST',
      '/webhooks/nextcloud',
      { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: 'not-the-secret' },
      Buffer.from(JSON.stringify(event)),
    );
    expect(unsigned.status).toBe(401);
    expectCleanRejection(unsigned, 'POST');
    expect(snapshot()).toEqual(before);
  });
});

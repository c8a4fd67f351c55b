// The search routes' JSON in pieces: the same bytes as JSON.stringify, and over HTTP the same status, Content-Type and
// body as res.json.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInPieces, sendJsonInPieces } from '../../src/api/json-pieces.js';

/** An answer shaped like a search's: 100 results whose excerpts hold "…", above 64K characters once serialised. */
function searchLikeAnswer(): Record<string, unknown> {
  const results = Array.from({ length: 100 }, (_, i) => ({
    point_id: String(1_000_000 + i),
    title: `Grüße ${i}`,
    score: 1 / (i + 1),
    page_number: null,
    excerpt: `…${'Straße “quoted” text 😀 '.repeat(25)}${i}…`,
    metadata: { file_path: `/Documents/${i}.md`, modified_at: 1_700_000_000 + i },
  }));
  return { query: 'straße', algorithm: 'hybrid', results, total_found: 100, no_close_matches: false };
}

describe('jsonInPieces', () => {
  it('writes the bytes JSON.stringify writes, for every kind of field', () => {
    const bodies: object[] = [
      {},
      { results: [] },
      searchLikeAnswer(),
      {
        left: undefined,
        fn: () => 1,
        list: [1, undefined, () => 2, 'x…', null, { a: [1, { b: 'ü' }] }],
        at: new Date(0),
      },
      { nested: { results: ['a', 'b'] }, text: '"quotes" \\ and \n newlines \u2028', n: -0.000001 },
    ];
    for (const body of bodies) expect(jsonInPieces(body).toString('utf8')).toBe(JSON.stringify(body));
  });
});

describe('sendJsonInPieces over HTTP', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.set('etag', false);
    app.get('/pieces', (_req, res) => sendJsonInPieces(res, searchLikeAnswer()));
    app.get('/whole', (_req, res) => {
      res.json(searchLikeAnswer());
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers with the status, Content-Type, length and body res.json answers with', async () => {
    const [pieces, whole] = await Promise.all([fetch(`${url}/pieces`), fetch(`${url}/whole`)]);
    expect(pieces.status).toBe(whole.status);
    expect(pieces.headers.get('content-type')).toBe(whole.headers.get('content-type'));
    expect(pieces.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(pieces.headers.get('content-length')).toBe(whole.headers.get('content-length'));
    const body = await pieces.text();
    expect(body.length).toBeGreaterThan(65_536);
    expect(body).toBe(await whole.text());
  });
});

// The precomputed security headers are helmet's, header for header, on answers and on errors alike.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecurityHeaders } from '../../src/http/security-headers.js';

const servers: Server[] = [];
let withHelmet: string;
let withOurs: string;

async function serve(security: express.RequestHandler): Promise<string> {
  const app = express();
  app.use(security);
  app.get('/answer', (_req, res) => void res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The headers of an answer, without those that change per response. */
async function headersOf(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  await response.arrayBuffer();
  const varying = new Set(['date', 'etag', 'keep-alive', 'connection', 'content-length']);
  return Object.fromEntries([...response.headers].filter(([name]) => !varying.has(name)));
}

beforeAll(async () => {
  withHelmet = await serve(helmet());
  withOurs = await serve(createSecurityHeaders());
});
afterAll(() => servers.forEach((server) => server.close()));

describe('the security headers', () => {
  it('are the ones helmet sets, on a route that answers', async () => {
    const [theirs, ours] = [await headersOf(`${withHelmet}/answer`), await headersOf(`${withOurs}/answer`)];

    expect(ours).toEqual(theirs);
    expect(ours['content-security-policy']).toContain("default-src 'self'");
    expect(ours['x-powered-by']).toBeUndefined();
  });

  it('are the ones helmet sets, on an address with nothing there', async () => {
    expect(await headersOf(`${withOurs}/nothing`)).toEqual(await headersOf(`${withHelmet}/nothing`));
  });
});

// undici's internal files the HTTP client loads (net/undici-parts.ts) are the pool, request API and connector they
// were: a request through them keeps its method, path, query, headers and body, and the connector connects.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildConnector, requestThrough } from '../../src/net/undici-parts.js';

let server: Server;
let base = '';
const seen: { method?: string; url?: string; header?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, header: req.headers['x-probe'] as string | undefined, body });
      res.writeHead(207, { 'x-answer': 'yes' }).end('answered');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("undici's parts", () => {
  it('send a request with its method, path, query, headers and body, and read the answer', async () => {
    const agent = new Agent({ connect: buildConnector({}) });
    try {
      const response = await requestThrough(agent, `${base}/remote.php/dav/a%20b?x=1&y=%C3%BC`, {
        method: 'PROPFIND',
        headers: { 'x-probe': 'p' },
        body: '<xml/>',
      });
      expect(response.statusCode).toBe(207);
      expect(response.headers['x-answer']).toBe('yes');
      expect(await response.body.text()).toBe('answered');
      expect(seen.at(-1)).toEqual({
        method: 'PROPFIND',
        url: '/remote.php/dav/a%20b?x=1&y=%C3%BC',
        header: 'p',
        body: '<xml/>',
      });
    } finally {
      await agent.close();
    }
  });
});

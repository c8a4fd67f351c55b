// The outbound client against a real HTTPS server whose CA is made at test time; timeouts, size caps, bodies cut short.
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createTestCertificates, type TestCertificates } from '../support/test-ca.js';

let certificates: TestCertificates;
let httpsServer: Server;
let httpsUrl: string;
const seenAgents: string[] = [];

beforeAll(async () => {
  certificates = createTestCertificates();
  httpsServer = createHttpsServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
    seenAgents.push(req.headers['user-agent'] ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => httpsServer.listen(0, '127.0.0.1', resolve));
  httpsUrl = `https://127.0.0.1:${(httpsServer.address() as AddressInfo).port}/status.php`;
});
afterAll(() => new Promise((resolve) => httpsServer.close(resolve)));

const base = { timeoutMs: 2000, userAgent: 'nextcloud-mcp-server/test' };

describe('createHttpClient and TLS', () => {
  it('refuses a certificate from an unknown CA', async () => {
    const client = createHttpClient({ ...base, verifySsl: true });

    await expect(client.request(httpsUrl)).rejects.toBeInstanceOf(UpstreamError);
    await client.close();
  });

  it('accepts it with the CA bundle', async () => {
    const client = createHttpClient({ ...base, verifySsl: true, caBundlePath: certificates.caPath });

    const response = await client.request(httpsUrl);

    await client.close();
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(seenAgents.at(-1)).toBe('nextcloud-mcp-server/test');
  });

  it('accepts it with verification off', async () => {
    const client = createHttpClient({ ...base, verifySsl: false });

    const response = await client.request(httpsUrl);

    await client.close();
    expect(response.status).toBe(200);
  });
});

describe('createHttpClient limits', () => {
  it('turns a slow answer into a timeout (504)', async () => {
    const slow = createHttpServer((_req, res) => setTimeout(() => res.end('late'), 1000));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({ ...base, verifySsl: true });

    const error = await client
      .request(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/`, { timeoutMs: 100 })
      .catch((e: unknown) => e);

    await client.close();
    slow.closeAllConnections();
    slow.close();
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(504);
  });

  it('refuses a response larger than the cap', async () => {
    const big = createHttpServer((_req, res) => res.end(Buffer.alloc(4096)));
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({ ...base, verifySsl: true, maxResponseBytes: 1024 });

    const error = await client
      .request(`http://127.0.0.1:${(big.address() as AddressInfo).port}/`)
      .catch((e: unknown) => e);

    await client.close();
    big.close();
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(502);
  });

  it('joins a body sent in several pieces in order, up to exactly the cap', async () => {
    const pieces = ['a'.repeat(400), 'b'.repeat(400), 'c'.repeat(224)];
    const chunked = createHttpServer(async (_req, res) => {
      for (const piece of pieces) {
        res.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      res.end();
    });
    await new Promise<void>((resolve) => chunked.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({ ...base, verifySsl: true, maxResponseBytes: 1024 });

    const response = await client.request(`http://127.0.0.1:${(chunked.address() as AddressInfo).port}/`);

    await client.close();
    chunked.close();
    expect(response.text()).toBe(pieces.join(''));
  });

  it('fails with an upstream error when the server drops the connection mid-body', async () => {
    const dropping = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('x'.repeat(100));
      setTimeout(() => res.socket?.destroy(), 10);
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({ ...base, verifySsl: true });

    const error = await client
      .request(`http://127.0.0.1:${(dropping.address() as AddressInfo).port}/`)
      .catch((e: unknown) => e);

    await client.close();
    dropping.close();
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(502);
  });
});

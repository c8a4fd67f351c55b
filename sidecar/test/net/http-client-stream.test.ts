// The outbound client's streamed requests: the body arrives in pieces, a reader that stops early closes the
// connection (an endless body is never read to its end), and TLS and address rules hold as for buffered requests.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, PayloadTooLargeError, UpstreamError } from '../../src/errors.js';
import { createAddressPolicy } from '../../src/net/address-policy.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createTestCertificates } from '../support/test-ca.js';

const base = { timeoutMs: 2000, userAgent: 'nextcloud-mcp-server/test', verifySsl: true };
let endless: Server;
let endlessUrl: string;
let bytesWritten = 0;
let closedAfterBytes: number | undefined;

beforeAll(async () => {
  // A slow endless body: 64 KiB every 5 ms until the client hangs up.
  endless = createHttpServer((req, res) => {
    bytesWritten = 0;
    closedAfterBytes = undefined;
    res.writeHead(200, { 'content-type': 'application/pdf' });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const timer = setInterval(() => {
      bytesWritten += chunk.length;
      res.write(chunk);
    }, 5);
    res.on('close', () => {
      clearInterval(timer);
      closedAfterBytes = bytesWritten;
    });
    req.resume();
  });
  await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
  endlessUrl = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/file.pdf`;
});
afterAll(() => new Promise((resolve) => endless.close(resolve)));

describe('HttpClient.requestStream', () => {
  it('hands the body over as it arrives, with status and headers', async () => {
    const client = createHttpClient(base);
    let pieces = 0;

    const read = await client.requestStream(endlessUrl, {}, async (response) => {
      let total = 0;
      for await (const chunk of response.body) {
        pieces += 1;
        total += chunk.length;
        if (total >= 256 * 1024) break;
      }
      return { status: response.status, type: response.headers['content-type'], total };
    });

    await client.close();
    expect(read).toEqual({ status: 200, type: 'application/pdf', total: 256 * 1024 });
    expect(pieces).toBeGreaterThan(1);
  });

  it('closes the connection of a body its reader gave up on, long before an endless body ends', async () => {
    const client = createHttpClient(base);

    const outcome = client.requestStream(endlessUrl, {}, async (response) => {
      let total = 0;
      for await (const chunk of response.body) {
        total += chunk.length;
        if (total > 1024 * 1024) throw new PayloadTooLargeError('too large');
      }
      return total;
    });

    await expect(outcome).rejects.toBeInstanceOf(PayloadTooLargeError);
    await waitFor(() => closedAfterBytes !== undefined);
    await client.close();
    expect(closedAfterBytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('turns a body that stops arriving into a timeout (504)', async () => {
    const client = createHttpClient({ ...base, timeoutMs: 200 });

    const outcome = client.requestStream(endlessUrl, {}, async (response) => {
      for await (const chunk of response.body) void chunk;
    });

    await expect(outcome).rejects.toMatchObject({ status: 504 });
    await client.close();
  });

  it('refuses an unknown certificate authority and a forbidden address as request does', async () => {
    const certificates = createTestCertificates();
    const tls = createHttpsServer({ key: certificates.key, cert: certificates.cert }, (_req, res) => res.end('x'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsUrl = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/`;
    const strict = createHttpClient(base);
    const guarded = createHttpClient({ ...base, addressPolicy: createAddressPolicy([]) });

    const outcomes = await Promise.allSettled([
      strict.requestStream(tlsUrl, {}, async () => 'read'),
      guarded.requestStream(endlessUrl, {}, async () => 'read'),
    ]);

    await Promise.all([strict.close(), guarded.close()]);
    await new Promise((resolve) => tls.close(resolve));
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason)).toEqual([
      expect.any(UpstreamError),
      expect.any(InvalidInputError),
    ]);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

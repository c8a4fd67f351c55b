// One log line per request with its id, method, path (never the query string), status and duration; an inbound
// X-Request-Id is kept only when it looks like one; the logger's redaction still applies to every other line.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext } from '../../src/http/request-context.js';
import { createLogger } from '../../src/logging/logger.js';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
    done();
  },
});
const logger = createLogger('info', sink);
const debugLines: Record<string, unknown>[] = [];
const debugLogger = createLogger(
  'debug',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      debugLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);
let server: ReturnType<ReturnType<typeof express>['listen']>;
let base = '';
const requestContext = createRequestContext(logger);

beforeAll(async () => {
  const app = express();
  app.use((req, res, next) =>
    (req.get('x-debug') ? createRequestContext(debugLogger) : requestContext)(req, res, next),
  );
  app.get('/api/v1/status', (req, res) => void res.status(req.get('x-fail') ? 503 : 200).json({ ok: true }));
  app.get('/api/v1/thing', (_req, res) => {
    logger.info({ authorization: 'Basic c2VjcmV0', token: 'abc' }, 'inner');
    res.status(201).json({ ok: true });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const requestLines = () => lines.filter((line) => line.msg === 'request');

describe('request context', () => {
  it('logs one line per request without the query string, under the id it echoes', async () => {
    const response = await fetch(`${base}/api/v1/thing?token=SECRET-IN-QUERY`);
    await response.text();
    await new Promise((resolve) => setImmediate(resolve));
    const line = requestLines().at(-1)!;
    expect(line).toMatchObject({ method: 'GET', path: '/api/v1/thing', status: 201, service: 'nextcloud-mcp-server' });
    expect(typeof line.durationMs).toBe('number');
    expect(line.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(lines)).not.toContain('SECRET-IN-QUERY');
  });

  it('logs a successful probe of a monitor at debug level only, and a failed one at info', async () => {
    const before = requestLines().length;
    await (await fetch(`${base}/api/v1/status`)).text();
    await (await fetch(`${base}/api/v1/status`, { headers: { 'x-fail': '1' } })).text();
    await (await fetch(`${base}/api/v1/status`, { headers: { 'x-debug': '1' } })).text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(requestLines().slice(before)).toMatchObject([{ path: '/api/v1/status', status: 503, level: 30 }]);
    expect(debugLines.filter((line) => line.msg === 'request')).toMatchObject([
      { path: '/api/v1/status', status: 200, level: 20 },
    ]);
  });

  it('keeps a well-formed inbound request id and replaces a malformed one', async () => {
    const kept = await fetch(`${base}/api/v1/thing`, { headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-12345678');
    const replaced = await fetch(`${base}/api/v1/thing`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('<');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  });

  it('leaves the redaction of every other line in place', async () => {
    await (await fetch(`${base}/api/v1/thing`)).text();
    const inner = lines.filter((line) => line.msg === 'inner').at(-1)!;
    expect(inner.authorization).toBe('[redacted]');
    expect(inner.token).toBe('[redacted]');
  });
});

// The outbound address rule of smithery mode: special-purpose addresses are refused at connect time, after DNS
// resolution, unless allowlisted; a refused request reaches nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { createAddressPolicy } from '../../src/net/address-policy.js';
import { createHttpClient, type HttpClient } from '../../src/net/http-client.js';

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const clientWith = (allowed: string[] = []): HttpClient =>
  createHttpClient({
    verifySsl: true,
    timeoutMs: 2000,
    userAgent: 'test',
    addressPolicy: createAddressPolicy(allowed),
  });

describe('createAddressPolicy', () => {
  const policy = createAddressPolicy();

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    'fd00::1',
    'fe80::1',
    'ff02::1',
  ])('refuses %s', (address) => {
    expect(policy.allowsAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '64:ff9b::101:101'])(
    'allows the public address %s',
    (address) => {
      expect(policy.allowsAddress(address)).toBe(true);
    },
  );

  it('allows what the allowlist names: addresses, subnets and host names', () => {
    const allowing = createAddressPolicy(['127.0.0.1', '10.0.0.0/8', 'Cloud.Internal']);

    expect(allowing.allowsAddress('127.0.0.1')).toBe(true);
    expect(allowing.allowsAddress('10.20.30.40')).toBe(true);
    expect(allowing.allowsAddress('127.0.0.2')).toBe(false);
    expect(allowing.allowsHostName('cloud.internal.')).toBe(true);
  });
});

describe('createHttpClient with an address policy', () => {
  it.each([
    ['a loopback address', () => `http://127.0.0.1:${port}/`],
    ['a host name that resolves to loopback', () => `http://localhost:${port}/`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv4-mapped loopback address', () => `http://[::ffff:127.0.0.1]:${port}/`],
  ])('refuses %s without reaching it', async (_name, url) => {
    const client = clientWith();
    const before = hits;
    const started = performance.now();

    const error = await client.request(url()).catch((e: unknown) => e);

    await client.close();
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(/does not connect to loopback, private, link-local/);
    expect(hits).toBe(before);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('connects to an allowlisted address', async () => {
    const client = clientWith(['127.0.0.1']);

    const response = await client.request(`http://127.0.0.1:${port}/`);

    await client.close();
    expect(response.status).toBe(200);
  });

  it('connects to an allowlisted host name whatever it resolves to', async () => {
    const client = clientWith(['localhost']);

    const response = await client.request(`http://localhost:${port}/`);

    await client.close();
    expect(response.status).toBe(200);
  });
});

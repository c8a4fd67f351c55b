// The rate limiter: sliding window, counting without refusing, a bounded map; client addresses as limiting keys.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddressKey, createRateLimiter } from '../../src/api/rate-limit.js';
import { RateLimitedError } from '../../src/errors.js';

describe('createRateLimiter', () => {
  it('refuses once the window holds the limit, with the seconds until the oldest attempt leaves it', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, clock: () => now });
    limiter.hit('a');
    now = 10_000;
    limiter.hit('a');

    let refusal: unknown;
    try {
      limiter.hit('a');
    } catch (error) {
      refusal = error;
    }

    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterSeconds).toBe(50);
    now = 60_000;
    expect(() => limiter.hit('a')).not.toThrow();
  });

  it('records failures without refusing them, and check refuses without counting', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, clock: () => 0 });
    limiter.check('a');
    limiter.check('a');
    limiter.check('a');
    limiter.record('a');
    limiter.record('a');
    limiter.record('a');

    expect(() => limiter.check('a')).toThrow(RateLimitedError);
    expect(() => limiter.check('b')).not.toThrow();
  });

  it('remembers at most maxKeys keys, dropping the stalest', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100, clock: () => 0 });

    for (let i = 0; i < 10_000; i += 1) limiter.record(`key-${i}`);

    expect(limiter.size()).toBe(100);
    expect(() => limiter.check('key-9999')).toThrow(RateLimitedError);
    expect(() => limiter.check('key-0')).not.toThrow();
  });
});

describe('clientAddressKey', () => {
  const request = (ip: string | undefined) => ({ ip, socket: { remoteAddress: ip } }) as unknown as Request;

  it.each([
    ['an IPv4 address as it is', '192.0.2.7', '192.0.2.7'],
    ['an IPv4-mapped IPv6 address as IPv4', '::ffff:192.0.2.7', '192.0.2.7'],
    ['an IPv6 address by its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['a compressed IPv6 address by its /64', '2001:db8::1', '2001:db8:0:0::/64'],
    ['the IPv6 loopback', '::1', '0:0:0:0::/64'],
  ])('keys %s', (_name, ip, key) => {
    expect(clientAddressKey(request(ip))).toBe(key);
  });

  it('keys two addresses of one IPv6 subscriber network alike', () => {
    expect(clientAddressKey(request('2001:db8:0:7::1'))).toBe(clientAddressKey(request('2001:db8:0:7:ffff::2')));
  });
});

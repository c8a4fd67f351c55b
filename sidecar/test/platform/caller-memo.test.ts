// The caller memo: answers are remembered per host, login and password; failures and other passwords are not served.
import { describe, expect, it } from 'vitest';
import { createCallerMemoStore } from '../../src/platform/caller-memo.js';

const HOST = 'https://cloud.example.com';

describe('caller memo', () => {
  it('remembers an answer for the same caller until it expires', async () => {
    let now = 0;
    const store = createCallerMemoStore({ ttlMs: 1000, clock: () => now });
    let loads = 0;
    const load = async () => ++loads;
    const alice = () => store.forCaller(HOST, { loginName: 'alice', password: 'right' });

    const first = await alice().remember('user', load);
    const second = await alice().remember('user', load);
    now = 1001;
    const afterExpiry = await alice().remember('user', load);

    expect([first, second, afterExpiry]).toEqual([1, 1, 2]);
  });

  it('never serves one caller the answer remembered for another password or host', async () => {
    const store = createCallerMemoStore();
    await store.forCaller(HOST, { loginName: 'alice', password: 'right' }).remember('user', async () => 'alice');

    const wrongPassword = await store
      .forCaller(HOST, { loginName: 'alice', password: 'wrong' })
      .remember('user', async () => 'fresh');
    const otherHost = await store
      .forCaller('https://other.example.com', { loginName: 'alice', password: 'right' })
      .remember('user', async () => 'other');

    expect([wrongPassword, otherHost]).toEqual(['fresh', 'other']);
  });

  it('does not remember a failed load', async () => {
    const memo = createCallerMemoStore().forCaller(HOST, { loginName: 'alice', password: 'right' });

    await expect(memo.remember('user', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const retried = await memo.remember('user', async () => 'up');

    expect(retried).toBe('up');
  });
});

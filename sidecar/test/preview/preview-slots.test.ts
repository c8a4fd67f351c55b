// The preview slots: one user's previews past their own cap wait their turn (a few at most, not for ever), and the
// bound of all users refuses at once.
import { describe, expect, it } from 'vitest';
import { RateLimitedError, UnavailableError } from '../../src/errors.js';
import { createPreviewSlots } from '../../src/preview/preview-slots.js';

/** What a promise has come to once the callbacks queued so far ran: started, waiting or the error's class. */
async function stateOf(promise: Promise<unknown>): Promise<string> {
  let state = 'waiting';
  promise.then(
    () => (state = 'started'),
    (error: Error) => (state = error.constructor.name),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('createPreviewSlots', () => {
  it("starts a user's next preview when their own slot is given back, while another user starts at once", async () => {
    const slots = createPreviewSlots({ total: 4, perUser: 1 });
    const release = await slots.acquire('alice');
    const next = slots.acquire('alice');

    const bob = slots.acquire('bob');
    const before = await stateOf(next);
    release();

    expect([before, await stateOf(next), await stateOf(bob)]).toEqual(['waiting', 'started', 'started']);
  });

  it('refuses at once with 503 when every slot of all users is taken', async () => {
    const slots = createPreviewSlots({ total: 2, perUser: 1 });
    await slots.acquire('alice');
    await slots.acquire('bob');

    const carol = slots.acquire('carol');

    await expect(carol).rejects.toEqual(
      new UnavailableError('Too many PDF previews are being made; try again shortly.'),
    );
  });

  it('refuses the oldest waiting preview with 429 when more than four of one user wait', async () => {
    const slots = createPreviewSlots({ total: 8, perUser: 1, maxWaitingPerUser: 4 });
    await slots.acquire('alice');
    const waiting = [1, 2, 3, 4].map(() => slots.acquire('alice'));

    const newest = slots.acquire('alice');

    await expect(waiting[0]).rejects.toBeInstanceOf(RateLimitedError);
    expect(await Promise.all([...waiting.slice(1), newest].map(stateOf))).toEqual(Array(4).fill('waiting'));
  });

  it('refuses a preview that waited longer than maxWaitMs with 503, and gives the slot to the next', async () => {
    const slots = createPreviewSlots({ total: 8, perUser: 1, maxWaitMs: 50 });
    const release = await slots.acquire('alice');
    const tired = slots.acquire('alice');
    await expect(tired).rejects.toEqual(
      new UnavailableError('Your other PDF previews are still being made; try again shortly.'),
    );

    const next = slots.acquire('alice');
    release();

    expect(await stateOf(next)).toBe('started');
  });
});

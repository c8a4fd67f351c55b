// The failed-validation budget reads the address's limiter and everyone's at once, yet a refusal names the address's
// wait when both are used up (and everyone's when only that is).
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/errors.js';
import {
  createFailedValidationBudget,
  FAILED_VALIDATIONS_PER_ADDRESS,
  FAILURE_WINDOW_MS,
} from '../../src/limits/failed-validations.js';
import { memoryRateLimiters } from '../../src/limits/rate-limit.js';

const START = 10_000_000;

async function refuse(budget: ReturnType<typeof createFailedValidationBudget>, address: string, times: number) {
  for (let i = 0; i < times; i++) await (await budget.begin(address)).end('refused');
}

describe('the failed-validation budget', () => {
  it("answers with the address's Retry-After when the address and everyone are both used up", async () => {
    let now = START;
    const budget = createFailedValidationBudget(
      memoryRateLimiters(() => now),
      {
        totalLimit: FAILED_VALIDATIONS_PER_ADDRESS + 2,
      },
    );
    await refuse(budget, '192.0.2.2', 2);
    now += FAILURE_WINDOW_MS / 3;
    await refuse(budget, '192.0.2.1', FAILED_VALIDATIONS_PER_ADDRESS);

    const fromFull = await budget.begin('192.0.2.1').catch((error: unknown) => error);
    const fromOther = await budget.begin('192.0.2.3').catch((error: unknown) => error);

    expect(fromFull).toBeInstanceOf(RateLimitedError);
    expect((fromFull as RateLimitedError).retryAfterSeconds).toBe(FAILURE_WINDOW_MS / 1000);
    expect((fromOther as RateLimitedError).retryAfterSeconds).toBe((FAILURE_WINDOW_MS * 2) / 3 / 1000);
  });
});

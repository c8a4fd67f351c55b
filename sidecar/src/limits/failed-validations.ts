// Credential validations Nextcloud refused (a wrong app password, another user's pair), budgeted per client address and
// for all addresses together: past either, requests that would ask Nextcloud get 429 without asking, so that neither
// one address nor many forwarded ones make Nextcloud's brute-force protection slow the sidecar down for every user.
import { RateLimitedError } from '../errors.js';
import type { RateLimiterFactory } from './rate-limit.js';

/** Validations Nextcloud refused (or that named another user) per client address within FAILURE_WINDOW_MS. */
export const FAILED_VALIDATIONS_PER_ADDRESS = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** The limiters' names: one allowance per address and one for everyone, shared by every replica on the database. */
export const FAILED_VALIDATIONS_LIMITER = 'failed-validations';
export const ALL_FAILED_VALIDATIONS_LIMITER = 'failed-validations-total';
/** Retry-After when the validations in flight could use up what is left of the total. */
const IN_FLIGHT_RETRY_SECONDS = 5;
const EVERYONE = 'all';

export interface FailedValidationBudget {
  /**
   * Before asking Nextcloud: throws RateLimitedError (429) when `address` or all addresses together have no failure
   * left (validations in flight count, since each may fail); otherwise the returned `end` must be called with the
   * outcome.
   */
  begin(address: string): Promise<ValidationInFlight>;
}

export interface ValidationInFlight {
  /** `refused`: Nextcloud refused the pair, or it is another user's: it counts against the address and the total. */
  end(outcome: 'accepted' | 'refused' | 'unknown'): Promise<void>;
}

export function createFailedValidationBudget(
  limiters: RateLimiterFactory,
  options: { totalLimit: number },
): FailedValidationBudget {
  const perAddress = limiters(FAILED_VALIDATIONS_LIMITER, {
    limit: FAILED_VALIDATIONS_PER_ADDRESS,
    windowMs: FAILURE_WINDOW_MS,
  });
  const total = limiters(ALL_FAILED_VALIDATIONS_LIMITER, { limit: options.totalLimit, windowMs: FAILURE_WINDOW_MS });
  // Validations asking Nextcloud now, in all and by address (an address goes when its last one ends).
  let inFlight = 0;
  const inFlightByAddress = new Map<string, number>();
  const inFlightOf = (address: string) => inFlightByAddress.get(address) ?? 0;
  const add = (address: string, delta: number) => {
    inFlight += delta;
    const count = inFlightOf(address) + delta;
    if (count > 0) inFlightByAddress.set(address, count);
    else inFlightByAddress.delete(address);
  };

  return {
    async begin(address) {
      // Both read at once (on PostgreSQL, two connections: one round trip's wait, not two); the address's refusal first.
      const [forAddress, forAll] = await Promise.allSettled([perAddress.check(address), total.check(EVERYONE)]);
      if (forAddress.status === 'rejected') throw forAddress.reason;
      if (forAll.status === 'rejected') throw forAll.reason;
      const [leftForAddress, leftForAll] = [forAddress.value, forAll.value];
      // Nextcloud answers failed logins slowly: without this, a burst would pass the checks all at once.
      if (inFlightOf(address) >= leftForAddress || inFlight >= leftForAll) {
        throw new RateLimitedError(IN_FLIGHT_RETRY_SECONDS);
      }
      add(address, 1);
      let ended = false;
      return {
        async end(outcome) {
          if (ended) return;
          ended = true;
          add(address, -1);
          if (outcome !== 'refused') return;
          await perAddress.record(address);
          await total.record(EVERYONE);
        },
      };
    },
  };
}

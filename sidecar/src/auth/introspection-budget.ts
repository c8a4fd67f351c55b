// The introspections one client address may cause that come back inactive: garbage Bearer tokens reach the identity
// provider a few times per address, then get 429 without asking it (Nextcloud counts none of them as failed logins).
import { RateLimitedError } from '../errors.js';

/** Introspections answered inactive per client address and window, in flight ones included. */
export const INACTIVE_INTROSPECTIONS_PER_ADDRESS = 20;
export const INTROSPECTION_WINDOW_MS = 10 * 60_000;

export interface IntrospectionBudget {
  /** Takes one introspection from `address`'s budget; throws RateLimitedError (429) when none is left. */
  reserve(address: string): IntrospectionReservation;
}

export interface IntrospectionReservation {
  /** Gives back what the answer does not cost: only an inactive token uses up the budget. */
  settle(outcome: 'active' | 'inactive' | 'failed'): void;
}

export interface IntrospectionBudgetOptions {
  limit?: number;
  windowMs?: number;
  /** Addresses remembered at most (default 10,000; the stalest go first). */
  maxAddresses?: number;
  clock?: () => number;
}

interface AddressUse {
  /** When introspections of this address came back inactive, oldest first. */
  inactiveAt: number[];
  inFlight: number;
}

export function createIntrospectionBudget(options: IntrospectionBudgetOptions = {}): IntrospectionBudget {
  const limit = options.limit ?? INACTIVE_INTROSPECTIONS_PER_ADDRESS;
  const windowMs = options.windowMs ?? INTROSPECTION_WINDOW_MS;
  const maxAddresses = options.maxAddresses ?? 10_000;
  const clock = options.clock ?? Date.now;
  const uses = new Map<string, AddressUse>();

  return {
    reserve(address) {
      const now = clock();
      const use = uses.get(address) ?? { inactiveAt: [], inFlight: 0 };
      use.inactiveAt = use.inactiveAt.filter((at) => now - at < windowMs);
      if (use.inactiveAt.length + use.inFlight >= limit) {
        const freedAt = use.inactiveAt[0] === undefined ? now + 1000 : use.inactiveAt[0] + windowMs;
        throw new RateLimitedError(Math.max(1, Math.ceil((freedAt - now) / 1000)));
      }
      use.inFlight += 1;
      uses.delete(address);
      uses.set(address, use);
      if (uses.size > maxAddresses) dropStalest(uses);
      let settled = false;
      return {
        settle(outcome) {
          if (settled) return;
          settled = true;
          use.inFlight -= 1;
          if (outcome === 'inactive') use.inactiveAt.push(clock());
        },
      };
    },
  };
}

function dropStalest(uses: Map<string, AddressUse>): void {
  const stalest = uses.keys().next();
  if (!stalest.done) uses.delete(stalest.value);
}

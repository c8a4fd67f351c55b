// Keeps the authorization server's signing keys current while it runs: a timer (unref'd, stopped on close) replaces the
// signing key when it is older than the rotation age, drops replaced keys past their overlap, and hands every replica
// the keys another one made; `rotateNow` replaces it at once (the CLI's `oauth rotate-signing-key` does the same).
import { loadSigningKeys, readSigningKeys, type SigningKeyPolicy, type SigningKeys } from './signing-keys.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';

/** How often each replica looks at the keys: a new key reaches every replica within it. */
export const KEY_CHECK_INTERVAL_MS = 5 * 60_000;

export interface KeyRotationDeps {
  db: SqlDatabase;
  box: SecretBox;
  policy: SigningKeyPolicy;
  /** The keys in use when the rotation starts. */
  keys: SigningKeys;
  /** Called with the new set whenever the signing keys changed. */
  apply(keys: SigningKeys): void;
  onError(error: unknown): void;
  clock?: () => number;
  checkIntervalMs?: number;
}

export interface KeyRotation {
  /** Looks at the keys once (rotates when due, drops expired ones, picks up another replica's); true when changed. */
  check(): Promise<boolean>;
  /** Replaces the signing key now (unless another replica just did), then applies the new set. */
  rotateNow(): Promise<void>;
  start(): void;
  stop(): void;
}

export function createKeyRotation(deps: KeyRotationDeps): KeyRotation {
  const clock = deps.clock ?? Date.now;
  let keys = deps.keys;
  let timer: NodeJS.Timeout | undefined;
  const take = (next: SigningKeys): boolean => {
    if (kidsOf(next) === kidsOf(keys)) return false;
    keys = next;
    deps.apply(next);
    return true;
  };
  const check = async () => take(await loadSigningKeys(deps.db, deps.box, deps.policy, clock()));
  return {
    check,
    rotateNow: async () => {
      const replacing = (await readSigningKeys(deps.db, deps.box)).privateJwks[0]?.kid;
      take(await loadSigningKeys(deps.db, deps.box, deps.policy, clock(), { replacing }));
    },
    start() {
      timer ??= setInterval(() => {
        check().catch(deps.onError);
      }, deps.checkIntervalMs ?? KEY_CHECK_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

function kidsOf(keys: SigningKeys): string {
  return keys.privateJwks.map((jwk) => jwk.kid).join(' ');
}

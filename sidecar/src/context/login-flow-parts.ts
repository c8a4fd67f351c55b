// Signing users in through Nextcloud's Login Flow v2, built on first use: the modules load only when someone starts
// or polls a flow (the authorization server's sign-in, the companion's "Allow background access").
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { Settings } from '../settings/settings.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import type { Store } from '../store/open-store.js';

/** The sign-in, created once on the first call; undefined without an encryption key (nothing could be stored). */
export function loginFlowSignInFor(
  settings: Settings,
  deps: {
    http: HttpClient;
    logger: Logger;
    storage: Store;
    /** The store that tells the sync of a new credential (the context's, not the bare one). */
    appPasswords: AppPasswordStore | undefined;
    clock?: () => number;
  },
): (() => Promise<LoginFlowSignIn>) | undefined {
  const { box } = deps.storage;
  const { appPasswords, clock } = deps;
  if (!box || !appPasswords || settings.authMode === 'smithery') return undefined;
  let signIn: Promise<LoginFlowSignIn> | undefined;
  const build = async () => {
    const [{ createLoginFlowSignIn }, { createLoginFlowStore }] = await Promise.all([
      import('../auth/login-flow/login-flow-sign-in.js'),
      import('../store/login-flows.js'),
    ]);
    const toDate = clock ? () => new Date(clock()) : undefined;
    return createLoginFlowSignIn({
      flows: createLoginFlowStore(deps.storage.db, box, { clock: toDate }),
      appPasswords,
      http: deps.http,
      nextcloudHost: settings.nextcloud.host,
      publicNextcloudUrl: settings.nextcloud.publicIssuerUrl,
      timeoutMs: settings.nextcloud.httpTimeoutMs,
      logger: deps.logger,
      clock: toDate,
    });
  };
  return () => (signIn ??= build());
}

// What a request pays when it arrives while another request refreshes the same user's token, against one refresh.
import { createOAuthContext } from '../src/auth/oauth-context.js';
import { createLogger } from '../src/logging/logger.js';
import { createHttpClient } from '../src/net/http-client.js';
import { openStore } from '../src/store/open-store.js';
import { obtainTokens } from '../../test/platform/oidc-code-flow.js';
import { startOidcDouble } from '../../test/platform/oidc-provider.js';
import { printLine, type BenchLine } from './report.js';

const PROVIDER_LATENCY_MS = 50;
const WAITERS = 50;
const ROUNDS = 10;
const CLIENT = { clientId: 'bench', clientSecret: 'bench-secret', redirectUri: 'http://127.0.0.1:1/cb' };

export async function benchRefreshWait(dbPath: string): Promise<BenchLine[]> {
  const idp = await startOidcDouble({
    users: [{ id: 'alice' }],
    clients: [
      {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uris: [CLIENT.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
  });
  const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'bench' });
  const storage = await openStore({ path: dbPath, encryptionKey: new Uint8Array(32).fill(6) });
  const context = createOAuthContext({
    http,
    logger: createLogger('silent'),
    discoveryUrl: idp.discoveryUrl,
    nextcloudHost: idp.issuer,
    publicUrl: 'http://127.0.0.1:1',
    staticClient: { clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
    refreshTokens: storage.refreshTokens,
  });
  await context.start();
  const services = context.ready();
  const tokens = await obtainTokens(idp.issuer, CLIENT);
  await storage.refreshTokens!.store('alice', tokens.refresh_token!, ['openid', 'offline_access']);
  idp.setTokenLatency(PROVIDER_LATENCY_MS);

  const solo: number[] = [];
  const waiting: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    services.tokenCache.delete('alice');
    let start = performance.now();
    await services.userTokens.getAccessToken('alice');
    solo.push(performance.now() - start);

    services.tokenCache.delete('alice');
    start = performance.now();
    const leader = services.userTokens.getAccessToken('alice');
    const waiters = Array.from({ length: WAITERS }, () => services.userTokens.getAccessToken('alice'));
    await Promise.all([leader, ...waiters]);
    waiting.push(performance.now() - start);
  }
  await storage.close();
  await http.close();
  await idp.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const line: BenchLine = {
    name: `${WAITERS} requests waiting on one refresh (provider ${PROVIDER_LATENCY_MS} ms), all done after (median)`,
    value: median(waiting),
    unit: 'ms',
    reference: { name: 'one refresh alone', value: median(solo) },
    target: 'waiters add no more than the refresh itself (ratio <= 1.2)',
    pass: median(waiting) <= 1.2 * median(solo),
  };
  printLine(line);
  return [line];
}

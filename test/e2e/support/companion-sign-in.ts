// Carol and the companion's OAuth client for the sign-in journeys: the platform double's OIDC provider trusts the
// harness's callback, the harness is seeded with the client, and everything stops in reverse order.
import type { Browser } from 'playwright-core';
import type { DoubleApp } from '../../platform/double-app.js';
import type { PlatformDouble, PlatformDoubleOptions } from '../../platform/platform-double.js';
import { startPhpHarness, type PhpHarness } from './php-harness.js';
import type { E2eSidecar } from './sidecar.js';

export const CAROL = 'carol';
export const CAROL_APP_PASSWORD = 'Mn8bv-Cx7za-Lk6jh-Gf5ds-Po4iu';
/** Carol's app password as a Basic authorization header. */
export const CAROL_BASIC = `Basic ${Buffer.from(`${CAROL}:${CAROL_APP_PASSWORD}`).toString('base64')}`;
/** Another app password of carol's (another device): it outlives the one the sidecar revokes at Nextcloud. */
export const CAROL_OTHER_BASIC = `Basic ${Buffer.from(`${CAROL}:Qw3er-Ty4ui-Op5as-Df6gh-Jk7lz`).toString('base64')}`;
const CLIENT = { id: 'mcp-companion', secret: 'companion-secret-for-tests' };
/** The sidecar's setting that lets the companion's tokens use the management API (README, *Running next to Nextcloud*). */
export const TRUSTING_THE_COMPANION = { MANAGEMENT_API_TRUSTED_CLIENTS: CLIENT.id };

/** The double's options: carol with her app password, `apps`, and the provider with the client for `harnessPort`. */
export function carolWithCompanionClient(harnessPort: number, apps: DoubleApp[] = []): PlatformDoubleOptions {
  return {
    users: [{ id: CAROL, appPasswords: [CAROL_APP_PASSWORD, 'Qw3er-Ty4ui-Op5as-Df6gh-Jk7lz'] }],
    apps,
    oidc: {
      users: [{ id: CAROL }],
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [`http://127.0.0.1:${harnessPort}/index.php/apps/mcp_companion/oauth/callback`],
          grant_types: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    },
  };
}

/** The companion's harness as carol on `port`, seeded with the OAuth client the double's provider knows. */
export function startCarolHarness(sidecar: E2eSidecar, nextcloud: PlatformDouble, port: number): Promise<PhpHarness> {
  return startPhpHarness({
    sidecarUrl: sidecar.url,
    nextcloudUrl: nextcloud.url,
    user: CAROL,
    oauthClientId: CLIENT.id,
    oauthClientSecret: CLIENT.secret,
    port,
  });
}

/** Stops what a journey started (any part may be missing when its set-up failed), the browser first. */
export async function stopJourney(parts: {
  browser?: Browser;
  harness?: PhpHarness;
  sidecar?: E2eSidecar;
  nextcloud?: PlatformDouble;
}): Promise<void> {
  await parts.browser?.close();
  await parts.harness?.stop();
  await parts.sidecar?.stop();
  await parts.nextcloud?.close();
}

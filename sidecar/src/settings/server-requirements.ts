// What a server start needs beyond well-formed values (the host, the key where secrets are stored, basic mode only
// on loopback), and the notices it logs about its configuration.
import { existsSync } from 'node:fs';
import { KEY_HELP } from './parsers.js';
import type { Settings, SettingsNotice } from './settings-shape.js';

export function checkServerRequirements(
  settings: Settings,
  given: { hostGiven: boolean; keyGiven: boolean; listens: boolean },
  problems: string[],
): void {
  const { authMode, nextcloud } = settings;
  if (authMode !== 'smithery' && !given.hostGiven) {
    problems.push('NEXTCLOUD_HOST is required: the base URL of your Nextcloud, e.g. https://cloud.example.com.');
  }
  if (authMode === 'basic' && !(nextcloud.username && nextcloud.password)) {
    problems.push('Mode basic needs NEXTCLOUD_USERNAME and NEXTCLOUD_PASSWORD (an app password).');
  }
  const storesSecrets = authMode === 'oauth' || (authMode === 'multi_user_basic' && settings.enableOfflineAccess);
  if (storesSecrets && !given.keyGiven) {
    problems.push(`TOKEN_ENCRYPTION_KEY is required in mode ${authMode} to encrypt stored secrets. ${KEY_HELP}`);
  }
  if (settings.authorizationServer.kind === 'sidecar') {
    if (authMode !== 'oauth') problems.push('MCP_AUTHORIZATION_SERVER=sidecar needs MCP_DEPLOYMENT_MODE=oauth.');
    if (settings.mcpServerUrl && new URL(settings.mcpServerUrl).pathname.replace(/\/$/, '') !== '') {
      problems.push(
        'MCP_AUTHORIZATION_SERVER=sidecar needs NEXTCLOUD_MCP_SERVER_URL at the root of its host (no path): its ' +
          "metadata lives at the host's well-known paths.",
      );
    }
    if (!settings.mcpServerUrl) {
      problems.push(
        'MCP_AUTHORIZATION_SERVER=sidecar needs NEXTCLOUD_MCP_SERVER_URL: the public URL clients reach the sidecar at ' +
          '(the issuer of its tokens).',
      );
    }
  }
  if (nextcloud.oidcClientSecret && !nextcloud.oidcClientId) {
    problems.push('NEXTCLOUD_OIDC_CLIENT_SECRET is set without NEXTCLOUD_OIDC_CLIENT_ID.');
  }
  if (nextcloud.caBundlePath && !existsSync(nextcloud.caBundlePath)) {
    problems.push('NEXTCLOUD_CA_BUNDLE names a file that does not exist.');
  }
  if (
    given.listens &&
    authMode === 'basic' &&
    !isLoopbackHost(settings.server.host) &&
    !settings.server.allowUnauthenticatedNetwork
  ) {
    problems.push(
      `Mode basic serves NEXTCLOUD_USERNAME to anyone who reaches MCP_SERVER_HOST (${settings.server.host}), which is ` +
        'not a loopback address. Listen on 127.0.0.1, use multi_user_basic or oauth, or set ' +
        'MCP_ALLOW_UNAUTHENTICATED_NETWORK=true if the network is yours alone.',
    );
  }
}

/** 127.0.0.0/8, ::1 and localhost: only this machine reaches them. */
function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

export function addServerNotices(settings: Settings, notices: SettingsNotice[]): void {
  const { authMode, enableOfflineAccess, nextcloud } = settings;
  if (authMode === 'multi_user_basic' && enableOfflineAccess && !nextcloud.oidcClientId) {
    notices.push({
      level: 'info',
      message:
        'No static OIDC client is configured (NEXTCLOUD_OIDC_CLIENT_ID); dynamic client registration will be used.',
    });
  }
  if (!nextcloud.verifySsl) {
    notices.push({
      level: 'warn',
      message: 'NEXTCLOUD_VERIFY_SSL is off: TLS certificates of Nextcloud and the identity provider are not checked.',
    });
  }
}

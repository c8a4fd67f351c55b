// Auth-mode detection and the capabilities that follow from a mode.

export const AUTH_MODES = ['basic', 'multi_user_basic', 'oauth', 'smithery'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export interface AuthModeInputs {
  explicitMode?: AuthMode;
  multiUserBasic: boolean;
  username?: string;
  password?: string;
}

/**
 * An explicit MCP_DEPLOYMENT_MODE wins; otherwise the multi-user flag, then username plus password (basic),
 * otherwise oauth. Smithery is only ever chosen explicitly.
 */
export function detectAuthMode(inputs: AuthModeInputs): AuthMode {
  if (inputs.explicitMode) return inputs.explicitMode;
  if (inputs.multiUserBasic) return 'multi_user_basic';
  if (inputs.username && inputs.password) return 'basic';
  return 'oauth';
}

/** Hybrid mode: multi_user_basic with background operations (offline access) enabled. */
export function isHybridMode(mode: AuthMode, enableOfflineAccess: boolean): boolean {
  return mode === 'multi_user_basic' && enableOfflineAccess;
}

/** Whether users can provision app passwords: hybrid mode, and oauth mode (the sidecar reaches Nextcloud with them). */
export function supportsAppPasswords(mode: AuthMode, enableOfflineAccess: boolean): boolean {
  return mode === 'oauth' || isHybridMode(mode, enableOfflineAccess);
}

// Settings of the management API's callers: which OAuth clients' tokens it accepts, and how many failed credential
// validations all callers together may cause at Nextcloud.
import { parsePositiveInteger } from './parsers.js';

export interface ManagementApiSettings {
  /**
   * MANAGEMENT_API_TRUSTED_CLIENTS: OAuth client ids whose access tokens the management API accepts besides the
   * sidecar's own client (the companion's client goes here); tokens of every other client get 401.
   */
  trustedClients: string[];
  /**
   * FAILED_VALIDATIONS_TOTAL_LIMIT (default 30): validations Nextcloud refused (app-password routes, multi_user_basic
   * MCP callers) from all client addresses together within 15 minutes; past it 429 without asking Nextcloud.
   */
  failedValidationsTotalLimit: number;
}

export const DEFAULT_FAILED_VALIDATIONS_TOTAL_LIMIT = 30;

/** A client id as the oidc app makes them (64 letters and digits), or any other provider's: printable, no spaces. */
const CLIENT_ID = /^[\x21-\x7e]{1,255}$/;

export function parseManagementApiSettings(
  read: (name: string) => string | undefined,
  problems: string[],
): ManagementApiSettings {
  const totalLimit = 'FAILED_VALIDATIONS_TOTAL_LIMIT';
  return {
    trustedClients: parseClientIds('MANAGEMENT_API_TRUSTED_CLIENTS', read('MANAGEMENT_API_TRUSTED_CLIENTS'), problems),
    failedValidationsTotalLimit:
      parsePositiveInteger(totalLimit, read(totalLimit), problems) ?? DEFAULT_FAILED_VALIDATIONS_TOTAL_LIMIT,
  };
}

function parseClientIds(name: string, raw: string | undefined, problems: string[]): string[] {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !CLIENT_ID.test(item));
  if (bad.length > 0) {
    problems.push(
      `${name} must be a comma-separated list of OAuth client ids (printable characters, no spaces; got "${bad.join('", "')}").`,
    );
  }
  return items.filter((item) => CLIENT_ID.test(item));
}

// The settings tests' shared parts: a minimal basic-auth environment and the problems parseSettings lists for one.
import { parseSettings, SettingsError } from '../../src/settings/settings.js';

export const BASIC = { NEXTCLOUD_HOST: 'https://cloud.example.com', NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' };

/** The problems parseSettings lists for BASIC with `env` over it, read as the server (none when it parses). */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSettings({ ...BASIC, ...env }, 'server');
    return [];
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
}

// Reachability of Nextcloud through its public status.php (used by the readiness check).
import type { HttpClient } from '../net/http-client.js';
import { buildStatusUrl } from './urls.js';

export interface NextcloudStatus {
  reachable: boolean;
  installed: boolean;
  maintenance: boolean;
}

/** Never throws: an unreachable or odd Nextcloud is reported as not reachable. */
export async function checkNextcloudStatus(
  http: HttpClient,
  host: string,
  timeoutMs: number,
): Promise<NextcloudStatus> {
  try {
    const response = await http.request(buildStatusUrl(host), { timeoutMs, headers: { accept: 'application/json' } });
    if (response.status !== 200) return { reachable: false, installed: false, maintenance: false };
    const body = response.json() as { installed?: unknown; maintenance?: unknown };
    return { reachable: true, installed: body.installed === true, maintenance: body.maintenance === true };
  } catch {
    return { reachable: false, installed: false, maintenance: false };
  }
}

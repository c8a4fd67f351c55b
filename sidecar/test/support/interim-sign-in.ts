// Until the sidecar's Login Flow v2 service is wired into the authorization server: a sign-in for tests that starts a
// real flow at the platform double and polls it, answering the user id the test names (the app password the flow
// hands over is dropped; tests provision the user's app password through the management API instead).
import type { NextcloudSignIn } from '../../src/authorization-server/nextcloud-sign-in.js';

export function createInterimSignIn(nextcloudUrl: string, userId: string): NextcloudSignIn {
  return {
    start: async () => {
      const response = await fetch(`${nextcloudUrl}/index.php/login/v2`, { method: 'POST' });
      const flow = (await response.json()) as { poll: { token: string; endpoint: string }; login: string };
      return { flowId: JSON.stringify(flow.poll), loginUrl: flow.login };
    },
    check: async (flowId) => {
      const poll = JSON.parse(flowId) as { token: string; endpoint: string };
      const response = await fetch(poll.endpoint, { method: 'POST', body: new URLSearchParams({ token: poll.token }) });
      return response.status === 200 ? { state: 'granted', userId } : { state: 'pending' };
    },
  };
}

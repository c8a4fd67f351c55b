// Login Flow v2 in the double (docs/nextcloud-behaviour.md, "Identity and credentials"): a client starts a flow without
// credentials, the user grants access in the browser (here: `grantLoginFlow`), and one poll hands over the server,
// login name and a new 72-character app password; a flow lives 20 minutes.
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson } from './double-app.js';
import { mintAppPassword, type Account } from './identity.js';

export const LOGIN_FLOW_LIFETIME_MS = 20 * 60_000;

interface Flow {
  pollToken: string;
  startedAt: number;
  granted?: { server: string; loginName: string; appPassword: string };
}

export interface LoginFlows {
  /** POST /index.php/login/v2 and POST /index.php/login/v2/poll; false for other paths. */
  handle(method: string, path: string, body: () => Promise<Buffer>, baseUrl: string, res: ServerResponse): boolean;
  /** The user opened the flow's login URL, logged in as `loginName` and granted access. */
  grant(loginUrl: string, account: Account, loginName: string, baseUrl: string): void;
}

export function createLoginFlows(clock: () => number = Date.now): LoginFlows {
  const flows = new Map<string, Flow>();
  const isAlive = (flow: Flow) => clock() - flow.startedAt < LOGIN_FLOW_LIFETIME_MS;

  return {
    handle(method, path, body, baseUrl, res) {
      if (method !== 'POST') return false;
      if (path === '/index.php/login/v2') {
        const loginToken = randomBytes(32).toString('hex');
        const pollToken = randomBytes(32).toString('hex');
        flows.set(loginToken, { pollToken, startedAt: clock() });
        sendJson(res, 200, {
          poll: { token: pollToken, endpoint: `${baseUrl}/index.php/login/v2/poll` },
          login: `${baseUrl}/index.php/login/v2/flow/${loginToken}`,
        });
        return true;
      }
      if (path !== '/index.php/login/v2/poll') return false;
      void body().then((bytes) => {
        const token = new URLSearchParams(bytes.toString('utf8')).get('token');
        const entry = [...flows].find(([, flow]) => flow.pollToken === token);
        if (!entry || !isAlive(entry[1]) || !entry[1].granted) return sendJson(res, 404, []);
        flows.delete(entry[0]);
        sendJson(res, 200, entry[1].granted);
      });
      return true;
    },
    grant(loginUrl, account, loginName, baseUrl) {
      const flow = flows.get(loginUrl.split('/').pop() ?? '');
      if (!flow || !isAlive(flow)) throw new Error('No such login flow (or it expired).');
      const appPassword = mintAppPassword();
      account.appPasswords.push({ password: appPassword, loginName });
      flow.granted = { server: baseUrl, loginName, appPassword };
    },
  };
}

// Login Flow v2 in the double (docs/nextcloud-behaviour.md, "Login Flow v2"), as on a pretty-URL server: a client
// starts a flow without credentials, the user grants access in the browser (the page in login-flow-page.ts, or
// `grant` for tests without one, or POST /login/v2/apptoken with an existing app password), and one poll hands over
// the server, login name and app password; a flow lives 20 minutes.
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson } from './double-app.js';
import { authenticatePassword, mintAppPassword, type Account } from './identity.js';
import { sendGrantedPage, sendGrantPage, sendRefusedPage } from './login-flow-page.js';

export const LOGIN_FLOW_LIFETIME_MS = 20 * 60_000;

interface Flow {
  pollToken: string;
  // unverified: the state token is bound to the flow here and shown on the grant page; Nextcloud keeps it in the
  // browser's session (source: none; the sheet says only that /login/v2/apptoken takes "the flow's state token").
  stateToken: string;
  startedAt: number;
  granted?: { server: string; loginName: string; appPassword: string };
}

export interface LoginFlowRequest {
  method: string;
  /** Below Nextcloud's base (the sub-path removed). */
  path: string;
  body(): Promise<Buffer>;
  /** The double's base URL with its sub-path. */
  baseUrl: string;
  accounts(): Iterable<Account>;
}

export interface LoginFlows {
  /** Answers the Login Flow v2 routes; false for other paths. */
  handle(request: LoginFlowRequest, res: ServerResponse): boolean;
  /** The user opened the flow's login URL, logged in as `loginName` and granted access; returns the app password. */
  grant(loginUrl: string, account: Account, loginName: string, baseUrl: string): string;
}

export function createLoginFlows(clock: () => number = Date.now): LoginFlows {
  const flows = new Map<string, Flow>();
  const isAlive = (flow: Flow) => clock() - flow.startedAt < LOGIN_FLOW_LIFETIME_MS;
  const byState = (stateToken: string | null) =>
    [...flows.values()].find((flow) => stateToken !== null && flow.stateToken === stateToken && isAlive(flow));
  const grantWith = (flow: Flow, baseUrl: string, loginName: string, appPassword: string) =>
    void (flow.granted = { server: baseUrl, loginName, appPassword });

  const routes: Record<string, (request: LoginFlowRequest, res: ServerResponse, form: URLSearchParams) => void> = {
    'POST /index.php/login/v2': ({ baseUrl }, res) => {
      const loginToken = randomBytes(32).toString('hex');
      const flow = { pollToken: randomBytes(32).toString('hex'), stateToken: randomBytes(16).toString('hex') };
      flows.set(loginToken, { ...flow, startedAt: clock() });
      // A pretty-URL server names both URLs without /index.php.
      sendJson(res, 200, {
        poll: { token: flow.pollToken, endpoint: `${baseUrl}/login/v2/poll` },
        login: `${baseUrl}/login/v2/flow/${loginToken}`,
      });
    },
    'POST /login/v2/poll': (_request, res, form) => {
      const entry = [...flows].find(([, flow]) => flow.pollToken === form.get('token'));
      if (!entry || !isAlive(entry[1]) || !entry[1].granted) return sendJson(res, 404, []);
      flows.delete(entry[0]);
      sendJson(res, 200, entry[1].granted);
    },
    // unverified: one form that logs in and grants (Nextcloud has an account picker, a login and a grant page), with
    // the fields stateToken, user and password (source: none).
    // The browser's grant: the login form of the grant page (login password), which mints a new app password.
    'POST /login/v2/grant': ({ accounts, baseUrl }, res, form) => {
      const flow = byState(form.get('stateToken'));
      const loginName = form.get('user') ?? '';
      const auth = authenticatePassword(accounts(), loginName, form.get('password') ?? '', clock());
      if (!flow || auth.kind !== 'user' || auth.appPassword !== undefined) return sendRefusedPage(res);
      const appPassword = mintAppPassword();
      auth.account.appPasswords.push({ password: appPassword, loginName });
      grantWith(flow, baseUrl, loginName, appPassword);
      sendGrantedPage(res);
    },
    // Without a browser: an app password the user already has grants the flow, and the poll hands over that one.
    // unverified: the field names (stateToken, user, password) and the 200 HTML answer (source: none).
    'POST /login/v2/apptoken': ({ accounts, baseUrl }, res, form) => {
      const flow = byState(form.get('stateToken'));
      const loginName = form.get('user') ?? '';
      const password = form.get('password') ?? '';
      const auth = authenticatePassword(accounts(), loginName, password, clock());
      if (!flow || auth.kind !== 'user' || auth.appPassword === undefined) return sendRefusedPage(res);
      grantWith(flow, baseUrl, loginName, password);
      sendGrantedPage(res);
    },
  };

  return {
    handle(request, res) {
      const path = request.path.replace(/^\/index\.php(?=\/login\/v2\/)/, '');
      const page = /^\/login\/v2\/flow\/([0-9a-f]+)$/.exec(path);
      if (request.method === 'GET' && page) {
        const flow = flows.get(page[1]!);
        if (!flow || !isAlive(flow)) sendRefusedPage(res);
        else sendGrantPage(res, request.baseUrl, flow.stateToken);
        return true;
      }
      const route = routes[`${request.method} ${request.path === '/index.php/login/v2' ? request.path : path}`];
      if (!route) return false;
      void request.body().then((bytes) => route(request, res, new URLSearchParams(bytes.toString('utf8'))));
      return true;
    },
    grant(loginUrl, account, loginName, baseUrl) {
      const flow = flows.get(loginUrl.split('/').pop() ?? '');
      if (!flow || !isAlive(flow)) throw new Error('No such login flow (or it expired).');
      const appPassword = mintAppPassword();
      account.appPasswords.push({ password: appPassword, loginName });
      grantWith(flow, baseUrl, loginName, appPassword);
      return appPassword;
    },
  };
}

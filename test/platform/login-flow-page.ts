// The double's Login Flow v2 pages in the browser: the grant page at a flow's login URL (log in and grant in one form),
// and the pages after it. Nextcloud's own pages are several steps (account picker, login, grant) and are not
// described in docs/nextcloud-behaviour.md; these stand in for them so that a browser test can finish a flow.
import type { ServerResponse } from 'node:http';
import { escapeXml } from './xml-escape.js';

// unverified: the HTML, field names and steps of Nextcloud's Login Flow v2 pages (source: none; the double's own).
/** The page at the login URL: login name, login password and a "Grant access" button posting to /login/v2/grant. */
export function sendGrantPage(res: ServerResponse, baseUrl: string, stateToken: string): void {
  sendPage(
    res,
    200,
    'Connect to your account',
    `<form method="post" action="${escapeXml(`${baseUrl}/login/v2/grant`)}">
  <input type="hidden" name="stateToken" value="${escapeXml(stateToken)}">
  <label>Login name <input name="user" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit" id="grant">Grant access</button>
</form>`,
  );
}

// unverified: what Nextcloud shows once access is granted (source: none).
export function sendGrantedPage(res: ServerResponse): void {
  sendPage(res, 200, 'Account connected', '<p id="granted">Your client should now be connected.</p>');
}

// unverified: Nextcloud's answer to a wrong password or an unknown or expired flow (source: none).
export function sendRefusedPage(res: ServerResponse): void {
  sendPage(res, 403, 'Access forbidden', '<p id="refused">Wrong login or password, or the link expired.</p>');
}

function sendPage(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>
${body}
</body></html>`);
}

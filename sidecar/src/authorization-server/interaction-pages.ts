// The authorization server's HTML pages (sign in through Nextcloud, consent, errors): plain server-rendered HTML with
// every value escaped, no script (the sign-in page polls by refreshing itself), never framed.
import { describeScope } from '../auth/scope-catalogue.js';

export interface ConsentView {
  clientName: string;
  /** The host of the client's id (a metadata document's URL) or of its redirect URI. */
  clientHost: string;
  scopes: string[];
  action: string;
}

/** The CSP of these pages: nothing loads, nothing frames them, forms post to us (and redirect to the client). */
export function interactionPagePolicy(formTargets: string[] = []): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function renderSignInPage(startAction: string): string {
  return page(
    'Sign in with Nextcloud',
    `<p>An application asks to use your Nextcloud through this MCP server. Sign in with your Nextcloud account first.</p>` +
      `<form method="post" action="${escapeHtml(startAction)}"><button type="submit">Sign in with Nextcloud</button></form>`,
  );
}

/** While the user grants access at Nextcloud: a link to the grant page, and a refresh that asks us again. */
export function renderWaitingPage(loginUrl: string, refreshSeconds: number): string {
  return page(
    'Grant access in Nextcloud',
    `<p><a href="${escapeHtml(loginUrl)}" target="_blank" rel="noopener noreferrer">Open Nextcloud's sign-in page</a>, ` +
      `log in and grant access. This page continues by itself once you have.</p>`,
    `<meta http-equiv="refresh" content="${refreshSeconds}">`,
  );
}

export function renderConsentPage(view: ConsentView): string {
  const boxes = view.scopes
    .map(
      (scope) =>
        `<li><label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ` +
        `${escapeHtml(describeScope(scope))} <code>${escapeHtml(scope)}</code></label></li>`,
    )
    .join('');
  return page(
    `Allow ${view.clientName}?`,
    `<p><strong>${escapeHtml(view.clientName)}</strong> (${escapeHtml(view.clientHost)}) asks to use your Nextcloud ` +
      `through this MCP server. Untick what it should not do.</p>` +
      `<form method="post" action="${escapeHtml(view.action)}"><ul>${boxes}</ul>` +
      `<p>The MCP server keeps the app password Nextcloud gave it, encrypted, and calls Nextcloud with it for this ` +
      `client's tool calls (and, if the server runs it, for indexing your documents). You can revoke the app ` +
      `password in Nextcloud's security settings at any time.</p>` +
      `<button type="submit" name="decision" value="allow">Allow</button> ` +
      `<button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export function renderErrorPage(code: string): string {
  return page('Authorization failed', `<p>The request could not be completed (${escapeHtml(code)}).</p>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string, head = ''): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${head}<title>${escapeHtml(title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

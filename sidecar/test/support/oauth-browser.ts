// A minimal browser for the sidecar's authorization pages: follows redirects itself (keeping cookies per host), reads
// the pages' forms and links, and stops at the client's redirect URI, whose URL it hands back.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface BrowserPage {
  status: number;
  url: string;
  html: string;
  headers: Headers;
}

export class OAuthBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();

  constructor(private readonly stopAt: (url: string) => boolean) {}

  /** Opens `url` and follows redirects until a page answers, or the redirect reaches `stopAt` (returned unopened). */
  async open(
    url: string,
    init: { method?: string; form?: URLSearchParams; origin?: string } = {},
  ): Promise<BrowserPage> {
    let current = url;
    let request: RequestInit = {
      method: init.method ?? 'GET',
      body: init.form?.toString(),
      headers: {
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.origin ? { origin: init.origin } : {}),
      },
    };
    for (let hops = 0; hops < 20; hops += 1) {
      if (this.stopAt(current)) return { status: 0, url: current, html: '', headers: new Headers() };
      const response = await fetch(current, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), cookie: this.cookieHeader(current) },
      });
      this.remember(current, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).href;
        request = { method: 'GET', headers: {} };
        continue;
      }
      return { status: response.status, url: current, html: await response.text(), headers: response.headers };
    }
    throw new Error('Too many redirects.');
  }

  private cookieHeader(url: string): string {
    const jar = this.cookies.get(new URL(url).host) ?? new Map<string, string>();
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(url: string, setCookies: string[]): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
}

/** The `action` of the page's form whose action ends with `suffix`. */
export function formAction(page: BrowserPage, suffix: string): string {
  const action = [...page.html.matchAll(/<form method="post" action="([^"]+)"/g)]
    .map((match) => unescapeHtml(match[1]!))
    .find((candidate) => candidate.endsWith(suffix));
  if (!action) throw new Error(`No form ending in ${suffix} on ${page.url}: ${page.html.slice(0, 300)}`);
  return new URL(action, page.url).href;
}

/** The first link that opens in a new window (Nextcloud's grant page on the waiting page). */
export function newWindowLink(page: BrowserPage): string {
  const match = /<a href="([^"]+)" target="_blank"/.exec(page.html);
  if (!match) throw new Error(`No link on ${page.url}`);
  return unescapeHtml(match[1]!);
}

export function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

/** An https server on 127.0.0.1 that answers every request with `respond`. */
export async function startHttpsServer(
  tls: { key: string; cert: string },
  respond: Parameters<typeof createServer>[1],
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(tls, respond);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

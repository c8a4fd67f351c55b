// Loopback redirect URIs of native clients with any port (RFC 8252, section 7.3), for every client: MCP clients on a
// desktop listen on a port of the moment, and many register as web clients. Everything else matches exactly.
import type Provider from 'oidc-provider';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function allowLoopbackRedirectPorts(provider: Provider): void {
  const prototype = provider.Client.prototype as { redirectUriAllowed(value: string): boolean };
  const exact = prototype.redirectUriAllowed;
  prototype.redirectUriAllowed = function (this: { redirectUris?: string[] }, value: string): boolean {
    if (exact.call(this, value)) return true;
    const wanted = withoutLoopbackPort(value);
    return wanted !== undefined && (this.redirectUris ?? []).some((uri) => withoutLoopbackPort(uri) === wanted);
  };
}

/** An http loopback URI without its port, or undefined for any other URI. */
function withoutLoopbackPort(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  url.port = '';
  return url.href;
}

// openid-client, loaded at the first request that needs it (registration, a refresh, an introspection, a code
// exchange): with the WHATWG fetch classes its adapter builds, it adds about 16 MB to a process's memory, which a
// hybrid or oauth sidecar that only read its provider's discovery document does not carry (issue 18, item 12).
export type OpenIdClient = typeof import('openid-client');

let loading: Promise<OpenIdClient> | undefined;

export function loadOpenIdClient(): Promise<OpenIdClient> {
  return (loading ??= import('openid-client'));
}

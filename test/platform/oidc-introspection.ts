// Token introspection as Nextcloud's oidc app answers it (docs/nextcloud-behaviour.md, "The OIDC provider app"), in
// place of oidc-provider's own: `aud` is always the token's client id, no `iss`, `exp` = issue time + 2 × the token
// lifetime, the same shape for opaque and JWT access tokens, and tokens of another client are inactive unless their
// resource names the asking client (its id or resource URL). A refresh makes the grant's earlier access tokens
// inactive. `any-token` is not Nextcloud: it is the lenient provider of the attack (test-only), which introspects every
// client's token for anyone and reports the token's own audience.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

interface IssuedToken {
  clientId: string;
  accountId: string;
  scope: string;
  iat: number;
  /** The token's lifetime in seconds (the JWT `exp` minus `iat`). */
  ttlSeconds: number;
  /** The resource (JWT audience) the token was issued for. */
  resource: string;
  grantId?: string;
  active: boolean;
}

/**
 * `nextcloud`: as the oidc app answers (the default). `any-token`: TEST-ONLY ATTACKER SETTING, a provider that
 * introspects any client's token for any client and answers `aud` = the token's audience, `iss` = the issuer.
 */
export type IntrospectionBehaviour = 'nextcloud' | 'any-token';

export interface TokenRegistry {
  /** Answers POST …/introspect. */
  introspect(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

interface AccessTokenModel {
  jti: string;
  clientId: string;
  accountId: string;
  scope?: string;
  iat: number;
  exp: number;
  aud?: string | string[];
  grantId?: string;
  gty?: string;
}

export function createTokenRegistry(
  provider: Provider,
  behaviour: IntrospectionBehaviour = 'nextcloud',
): TokenRegistry {
  const tokens = new Map<string, IssuedToken>();
  const record = (model: AccessTokenModel) => {
    if (model.gty?.split(' ').includes('refresh_token') && model.grantId) {
      for (const token of tokens.values()) if (token.grantId === model.grantId) token.active = false;
    }
    tokens.set(model.jti, {
      clientId: model.clientId,
      accountId: model.accountId,
      scope: model.scope ?? '',
      iat: model.iat,
      ttlSeconds: model.exp - model.iat,
      resource: String([model.aud ?? model.clientId].flat()[0]),
      grantId: model.grantId,
      active: true,
    });
  };
  // Opaque tokens are stored ("saved"); JWTs are only "issued", and their times are in the JWT itself.
  provider.on('access_token.saved', (model: unknown) => record(model as AccessTokenModel));
  provider.on('access_token.issued', (model: unknown) => record(model as AccessTokenModel));

  return {
    async introspect(req, res) {
      const form = new URLSearchParams(await readBody(req));
      const client = await authenticateClient(provider, req, form);
      if (!client) return sendJson(res, 401, { error: 'invalid_client' });
      const token = form.get('token');
      if (!token) return sendJson(res, 400, { error: 'invalid_request' });
      const { id, times } = readToken(token);
      const found = tokens.get(id);
      const issued = found && times ? { ...found, iat: times.iat, ttlSeconds: times.exp - times.iat } : found;
      const now = Math.floor(Date.now() / 1000);
      const exp = issued ? issued.iat + 2 * issued.ttlSeconds : 0;
      const visible =
        behaviour === 'any-token' ||
        issued?.clientId === client.clientId ||
        issued?.resource === client.clientId ||
        issued?.resource === client.resourceUrl;
      if (!issued?.active || exp <= now || !visible) return sendJson(res, 200, { active: false });
      const answer = {
        active: true,
        scope: issued.scope,
        client_id: issued.clientId,
        username: issued.accountId,
        token_type: 'Bearer',
        exp,
        iat: issued.iat,
        sub: issued.accountId,
      };
      // Nextcloud: aud is always the token's client id, and there is no iss; the lenient attacker's provider says more.
      if (behaviour === 'any-token') sendJson(res, 200, { ...answer, aud: issued.resource, iss: provider.issuer });
      else sendJson(res, 200, { ...answer, aud: issued.clientId });
    },
  };
}

/** Opaque tokens are their own id; a JWT is looked up by its `jti` (Nextcloud looks the string up). */
function readToken(token: string): { id: string; times?: { iat: number; exp: number } } {
  const parts = token.split('.');
  if (parts.length !== 3) return { id: token };
  try {
    const payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const { jti, iat, exp } = payload;
    if (typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return { id: '' };
    return { id: jti, times: { iat, exp } };
  } catch {
    return { id: '' };
  }
}

/** client_secret_basic or client_secret_post. */
async function authenticateClient(provider: Provider, req: IncomingMessage, form: URLSearchParams) {
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (basic?.[1]) {
    const [user = '', ...rest] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    id = decodeURIComponent(user);
    secret = decodeURIComponent(rest.join(':'));
  }
  if (!id || !secret) return undefined;
  const client = await provider.Client.find(id);
  if (!client || client.clientSecret !== secret) return undefined;
  return { clientId: client.clientId, resourceUrl: client.resource_url as string | undefined };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

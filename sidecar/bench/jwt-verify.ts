// JWT verification with a cached JWKS through the sidecar's verifier, against jose's jwtVerify with a key in hand.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { createBearerVerifier } from '../src/auth/bearer-verifier.js';
import { createJwksCache } from '../src/auth/jwks-cache.js';
import { createHttpClient } from '../src/net/http-client.js';
import { percentile, printLine, sampleTimes, type BenchLine } from './report.js';

const ITERATIONS = 5000;

export async function benchJwtVerify(): Promise<BenchLine[]> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'bench' });
  const jwks = createJwksCache({ http, jwksUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks` });
  const verifier = createBearerVerifier({ jwks, checks: { skipIssuerCheck: true }, challenge: 'Bearer' });
  const token = await new SignJWT({ scope: 'openid' })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'at+jwt' })
    .setSubject('alice')
    .setExpirationTime('1h')
    .sign(privateKey);

  const sidecar = await time(() => verifier.verify(token));
  const bare = await time(() => jwtVerify(token, publicKey, { algorithms: ['RS256'] }));
  server.close();
  await http.close();

  const lines: BenchLine[] = [
    {
      name: 'JWT verification with cached JWKS, p50',
      value: percentile(sidecar, 50),
      unit: 'ms',
      reference: { name: 'jose jwtVerify with the key in hand', value: percentile(bare, 50) },
      target: '< 0.3 ms',
      pass: percentile(sidecar, 50) < 0.3,
    },
    {
      name: 'JWT verification with cached JWKS, p99',
      value: percentile(sidecar, 99),
      unit: 'ms',
      reference: { name: 'jose jwtVerify with the key in hand', value: percentile(bare, 99) },
      target: 'reported',
      pass: true,
    },
  ];
  lines.forEach(printLine);
  return lines;
}

function time(work: () => Promise<unknown>): Promise<number[]> {
  return sampleTimes(work, { calls: ITERATIONS, warmUp: 200 });
}

// Verifying an access token of the sidecar's own authorization server on /mcp: local, with the key in hand (no
// request to Nextcloud or to the sidecar) and with the revocation list of connected clients read from the database
// at most every 10 s, against jose's jwtVerify with the same key.
import { generateKeyPairSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { createLocalTokenVerifier } from '../src/authorization-server/local-token-verifier.js';
import { createRevokedClients } from '../src/authorization-server/revoked-clients.js';
import { openStore } from '../src/store/open-store.js';
import { percentile, printLine, sampleTimes, type BenchLine } from './report.js';

const ITERATIONS = 5000;
const ISSUER = 'https://mcp.example.com';
const RESOURCE = `${ISSUER}/mcp`;

export async function benchAuthorizationServerToken(): Promise<BenchLine[]> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let reloads = 0;
  const storage = await openStore({ path: ':memory:' });
  const revoked = createRevokedClients({ db: storage.db, keepMs: 15 * 60_000 });
  await revoked.add('bob', 'desk');
  const verifier = createLocalTokenVerifier({
    issuer: ISSUER,
    resource: RESOURCE,
    challenge: 'Bearer',
    publicKeys: new Map([['k1', publicKey]]),
    reloadKeys: async () => {
      reloads += 1;
      return new Map([['k1', publicKey]]);
    },
    revoked,
  });
  const token = await new SignJWT({ client_id: 'desk', scope: 'files:read calendar:write' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setSubject('alice')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

  const local = await sampleTimes(() => verifier.verify(token), { calls: ITERATIONS, warmUp: 200 });
  const bare = await sampleTimes(() => jwtVerify(token, publicKey, { algorithms: ['RS256'] }), {
    calls: ITERATIONS,
    warmUp: 200,
  });

  await storage.close();
  const lines: BenchLine[] = [
    {
      name: "sidecar authorization server's JWT verified on /mcp, key cached, p50",
      value: percentile(local, 50),
      unit: 'ms',
      reference: { name: 'jose jwtVerify with the key in hand', value: percentile(bare, 50) },
      target: '<= 0.2 ms, no key reload',
      pass: percentile(local, 50) <= 0.2 && reloads === 0,
    },
  ];
  lines.forEach(printLine);
  return lines;
}

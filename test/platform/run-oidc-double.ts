// Starts the identity provider double as a process for tests in other languages (PHPUnit): options as JSON in
// argv[2]; prints one JSON line {"issuer", "discoveryUrl"}; stops on SIGTERM or when stdin closes.
import { startOidcDouble, type OidcDoubleOptions } from './oidc-provider.js';

const options = JSON.parse(process.argv[2] ?? '{}') as OidcDoubleOptions;
const idp = await startOidcDouble(options);
process.stdout.write(`${JSON.stringify({ issuer: idp.issuer, discoveryUrl: idp.discoveryUrl })}\n`);

const stop = () => void idp.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();

// The sidecar's version, read once from its package.json.
import { readFileSync } from 'node:fs';

export const SIDECAR_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The one place that reads process.env: the environment, completed by an optional .env file.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The process environment merged over the variables of `envFile` (default `.env` in the working directory);
 * a variable set in the environment wins over the file.
 */
export function readEnvironment(envFile = '.env'): Environment {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

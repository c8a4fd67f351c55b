// Reads compose.yaml as Docker Compose would: variables from an env file interpolated, optionally with the commented
// Ollama lines switched on.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { parse } from 'yaml';

export const ROOT = new URL('../../../', import.meta.url).pathname;

export interface ComposeFile {
  services: Record<string, { environment?: Record<string, string | number | boolean> }>;
}

/** The compose file's text; with `ollama`, every commented line after an "uncomment the line(s) below" note, up to
 * the next blank line, uncommented as a user would. */
export function readComposeText(options: { ollama?: boolean } = {}): string {
  const text = readFileSync(`${ROOT}compose.yaml`, 'utf8');
  return options.ollama ? uncommentMarkedLines(text) : text;
}

/**
 * `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?message}`, `${NAME?message}` and `$$`, as Compose; a
 * default may itself be interpolated (`${NEW:-${OLD:-true}}`), so the innermost are read first.
 */
export function interpolate(text: string, vars: Record<string, string | undefined>): string {
  const escaped = '\u0000';
  let result = text.replaceAll('$$', escaped);
  for (let previous = ''; previous !== result;) {
    previous = result;
    result = result.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^${}]*))?\}/g,
      (_whole, name, colon, kind, arg) => {
        const value = vars[name as string];
        const missing = value === undefined || (colon === ':' && value === '');
        if (!missing) return value;
        if (kind === '?') throw new Error(`compose.yaml needs ${name}: ${arg}`);
        return kind === '-' ? (arg as string) : '';
      },
    );
  }
  return result.replaceAll(escaped, '$');
}

/** The variables compose.yaml interpolates. */
export function interpolatedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? ''))];
}

export function parseCompose(text: string, vars: Record<string, string | undefined>): ComposeFile {
  return parse(interpolate(text, vars)) as ComposeFile;
}

/** `.env.example` as compose reads `.env`: every variable, the commented ones with their example values. */
export function readEnvExample(options: { commented?: boolean } = {}): Record<string, string> {
  const text = readFileSync(`${ROOT}.env.example`, 'utf8');
  const lines = options.commented ? text.replace(/^#([A-Z_][A-Z0-9_]*=)/gm, '$1') : text;
  return parseEnv(lines) as Record<string, string>;
}

/** The compose service's environment as the container sees it: every value a string. */
export function serviceEnvironment(compose: ComposeFile, service: string): Record<string, string> {
  const environment = compose.services[service]?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value)]));
}

function uncommentMarkedLines(text: string): string {
  let marked = false;
  return text
    .split('\n')
    .map((line) => {
      if (line.trim() === '') marked = false;
      const uncommented = marked ? line.replace(/^(\s*)# /, '$1') : line;
      if (/uncomment the lines? below/i.test(line)) marked = true;
      return uncommented;
    })
    .join('\n');
}

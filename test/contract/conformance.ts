// Checks that a JSON value has the same shape as a contract fixture: same keys, same JSON types, recursively.
import { readFileSync } from 'node:fs';

export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as unknown;
}

/** Returns the differences; an empty list means the value conforms. */
export function shapeDifferences(actual: unknown, fixture: unknown, path = '$'): string[] {
  const actualType = jsonType(actual);
  const expectedType = jsonType(fixture);
  if (actualType !== expectedType) return [`${path}: expected ${expectedType}, got ${actualType}`];
  if (expectedType === 'array') {
    const [first] = fixture as unknown[];
    return first === undefined
      ? []
      : (actual as unknown[]).flatMap((item, i) => shapeDifferences(item, first, `${path}[${i}]`));
  }
  if (expectedType !== 'object') return [];
  const a = actual as Record<string, unknown>;
  const f = fixture as Record<string, unknown>;
  const missing = Object.keys(f)
    .filter((k) => !(k in a))
    .map((k) => `${path}.${k}: missing`);
  const extra = Object.keys(a)
    .filter((k) => !(k in f))
    .map((k) => `${path}.${k}: not in the fixture`);
  const nested = Object.keys(f)
    .filter((k) => k in a)
    .flatMap((k) => shapeDifferences(a[k], f[k], `${path}.${k}`));
  return [...missing, ...extra, ...nested];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

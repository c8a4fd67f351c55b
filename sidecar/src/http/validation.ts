// Shared validators for path, integer, float and query-string parameters, with bounds.
import { InvalidInputError } from '../errors.js';
import { USER_ID_PATTERN } from '../platform/user-ids.js';

export function parseUserIdParam(raw: unknown): string {
  const valid = typeof raw === 'string' && USER_ID_PATTERN.test(raw) && raw.trim() === raw;
  if (!valid || raw === '.' || raw === '..') {
    throw new InvalidInputError('The user id in the path is not a valid Nextcloud user id.');
  }
  return raw;
}

export interface NumberBounds {
  min: number;
  max: number;
  /** Used when the parameter is absent; without it the parameter is required. */
  fallback?: number;
}

export function parseIntegerParam(name: string, raw: unknown, bounds: NumberBounds): number {
  // Decimal digits only: "1.0", "0x1", "1e3" and " 1" name no integer a person typed.
  if (typeof raw === 'string' && raw !== '' && !/^-?\d{1,16}$/.test(raw)) {
    throw new InvalidInputError(`${name} must be a whole number.`);
  }
  const value = parseNumberParam(name, raw, bounds);
  if (!Number.isInteger(value)) throw new InvalidInputError(`${name} must be a whole number.`);
  return value;
}

export function parseFloatParam(name: string, raw: unknown, bounds: NumberBounds): number {
  return parseNumberParam(name, raw, bounds);
}

export interface QueryStringBounds {
  maxLength: number;
  minLength?: number;
}

/** A free-text query: trimmed, without control characters, within length bounds. */
export function parseQueryString(name: string, raw: unknown, bounds: QueryStringBounds): string {
  if (typeof raw !== 'string') throw new InvalidInputError(`${name} must be given once, as text.`);
  const text = raw.trim();
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    throw new InvalidInputError(`${name} must not contain control characters.`);
  }
  const minLength = bounds.minLength ?? 1;
  if (text.length < minLength || text.length > bounds.maxLength) {
    throw new InvalidInputError(`${name} must be between ${minLength} and ${bounds.maxLength} characters long.`);
  }
  return text;
}

function parseNumberParam(name: string, raw: unknown, bounds: NumberBounds): number {
  if (raw === undefined || raw === '') {
    if (bounds.fallback !== undefined) return bounds.fallback;
    throw new InvalidInputError(`${name} is required.`);
  }
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*$/.test(raw) ? NaN : Number(raw);
  if (!Number.isFinite(value)) throw new InvalidInputError(`${name} must be a number.`);
  if (value < bounds.min || value > bounds.max) {
    throw new InvalidInputError(`${name} must be between ${bounds.min} and ${bounds.max}.`);
  }
  return value;
}

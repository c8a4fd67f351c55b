// Reading Deck request bodies: required texts, optional strings and numbers, due dates; DeckError on bad input.
import { DeckError } from './deck-store.js';

export type Body = Record<string, unknown>;

export function requireText(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '')
    throw new DeckError(400, `${field} must be provided and must be not empty`);
  return value;
}

export function str(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export function num(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

export function parseDuedate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new DeckError(400, 'Invalid date');
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

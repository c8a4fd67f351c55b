// Shared parameter validators: integers, floats, query strings and user ids, with their bounds.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { parseFloatParam, parseIntegerParam, parseQueryString, parseUserIdParam } from '../../src/http/validation.js';

describe('parseIntegerParam', () => {
  it.each([
    ['7', 7],
    [undefined, 10],
    ['', 10],
  ])('reads %j as %i', (raw, value) => {
    expect(parseIntegerParam('limit', raw, { min: 1, max: 50, fallback: 10 })).toBe(value);
  });

  it.each(['0', '51', '2.5', 'ten', ' ', 'Infinity', '1e400'])('refuses %j', (raw) => {
    expect(() => parseIntegerParam('limit', raw, { min: 1, max: 50 })).toThrow(InvalidInputError);
  });

  it('requires a value without a fallback', () => {
    expect(() => parseIntegerParam('page', undefined, { min: 1, max: 9 })).toThrow(/page is required/);
  });
});

describe('parseFloatParam', () => {
  it('accepts a float within bounds and refuses one outside', () => {
    expect(parseFloatParam('scale', '1.5', { min: 0.1, max: 4 })).toBe(1.5);
    expect(() => parseFloatParam('scale', '4.01', { min: 0.1, max: 4 })).toThrow(/between 0.1 and 4/);
  });
});

describe('parseQueryString', () => {
  it('trims and returns text within bounds', () => {
    expect(parseQueryString('q', '  budget 2026 ', { maxLength: 20 })).toBe('budget 2026');
  });

  it.each([
    ['too long', 'x'.repeat(21)],
    ['empty', '   '],
    ['control characters', 'a\u0000b'],
    ['given twice', ['a', 'b']],
  ])('refuses %s', (_name, raw) => {
    expect(() => parseQueryString('q', raw, { maxLength: 20 })).toThrow(InvalidInputError);
  });
});

describe('parseUserIdParam', () => {
  it.each(['alice', 'a.b-c_d@example.com', "o'neil", 'Jane Doe'])('accepts %j', (id) => {
    expect(parseUserIdParam(id)).toBe(id);
  });

  it.each(['a/b', '', 'x'.repeat(65), ' alice', 'ali\nce', 'ünï', '.', '..'])('refuses %j', (id) => {
    expect(() => parseUserIdParam(id)).toThrow(InvalidInputError);
  });
});

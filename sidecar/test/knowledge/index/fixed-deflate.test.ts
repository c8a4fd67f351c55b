// The embedded index's own deflate encoder: zlib inflates what it writes back to the exact bytes, alone and joined,
// for prose, every byte value, repetitive and long inputs (matches beyond deflate’s window included), and any input
// fast-check makes up.
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateFixed } from '../../../src/knowledge/index/sqlite/fixed-deflate.js';
import { seeded } from '../search/index-fixtures.js';

const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };
const inflate = (bytes: Uint8Array) => inflateRawSync(bytes, SYNC_FLUSH);

const PROSE =
  'Boundary layer transition on a flat plate at supersonic speeds. Heat transfer in laminar flow over a heated ' +
  'cylinder, and the buckling of thin cylindrical shells under axial compression. Grüße aus Zürich — 東京 🚀. ';

describe('deflateFixed', () => {
  it('writes prose that zlib inflates exactly, in well under the text’s bytes', () => {
    const input = Buffer.from(PROSE.repeat(3));

    const deflated = deflateFixed(input);

    expect(inflate(deflated).equals(input)).toBe(true);
    expect(deflated.byteLength).toBeLessThan(input.byteLength * 0.6);
  });

  it('writes every byte value, random bytes and the empty input so that each inflates back exactly', () => {
    const random = seeded(3);
    const inputs = [
      new Uint8Array(0),
      Uint8Array.from({ length: 256 }, (_, i) => i),
      Uint8Array.from({ length: 5000 }, () => Math.floor(random() * 256)),
      Buffer.from('x'),
      Buffer.from('abc'),
    ];

    const inflated = inputs.map((input) => inflate(deflateFixed(input)));

    inflated.forEach((bytes, i) => expect(bytes.equals(Buffer.from(inputs[i]!))).toBe(true));
  });

  it('codes long runs and repeats farther apart than deflate’s window correctly', () => {
    const random = seeded(11);
    const block = Uint8Array.from({ length: 40_000 }, () => 97 + Math.floor(random() * 26));
    const input = Buffer.concat([Buffer.from('ab'.repeat(70_000)), block, block, Buffer.alloc(1000, 32), block]);

    const deflated = deflateFixed(input);

    expect(inflate(deflated).equals(input)).toBe(true);
    expect(deflated.byteLength).toBeLessThan(input.byteLength * 0.6);
  });

  it('ends on a byte boundary: outputs joined end to end, after a zlib stream, inflate as one stream', () => {
    const random = seeded(7);
    const texts = Array.from({ length: 40 }, (_, i) => PROSE.slice(Math.floor(random() * 100)).repeat(1 + (i % 3)));
    const zlibPart = deflateRawSync('zlib wrote this part first. ', SYNC_FLUSH);

    const joined = Buffer.concat([zlibPart, ...texts.map((text) => deflateFixed(Buffer.from(text)))]);

    expect(inflate(joined).toString()).toBe(`zlib wrote this part first. ${texts.join('')}`);
  });

  it('inflates back exactly whatever it is given: any text, any bytes, repetitive or not', () => {
    const repetitive = fc
      .tuple(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 1, max: 300 }), fc.string())
      .map(([part, times, tail]) => Buffer.from(part.repeat(times) + tail));
    const inputs = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 3000 }).map((text) => Buffer.from(text)),
      fc.uint8Array({ maxLength: 3000 }).map((bytes) => Buffer.from(bytes)),
      repetitive,
    );

    fc.assert(
      fc.property(inputs, (input) => inflate(deflateFixed(input)).equals(input)),
      { numRuns: 300 },
    );
  });
});

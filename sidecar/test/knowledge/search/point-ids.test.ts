// Public point ids: decimal numbers of at most 18 digits that decode back for their user only, and say nothing about
// how many chunks were indexed or in what order.
import { describe, expect, it } from 'vitest';
import { createPointIdCodec } from '../../../src/knowledge/index/point-ids.js';

const codec = createPointIdCodec(Buffer.alloc(32, 7));
const internalIds = Array.from({ length: 2000 }, (_, i) => String(i + 1));

describe('createPointIdCodec', () => {
  it('gives ids of at most 18 digits that decode back to the internal id for their user', () => {
    const alice = codec.forUser('alice');
    const ids = [...internalIds, String(2 ** 42 - 1)];

    const encoded = alice.encode(ids);

    expect(encoded.every((id) => /^(0|[1-9]\d{0,17})$/.test(id))).toBe(true);
    expect(alice.decode(encoded)).toEqual(ids);
    expect(encoded.map((id) => alice.decode([id])[0])).toEqual(ids);
    expect(new Set(encoded).size).toBe(ids.length);
  });

  it('gives another user other ids for the same internal ids, and decodes (almost) none of them for them', () => {
    const alice = codec.forUser('alice');
    const bob = codec.forUser('bob');

    const alices = alice.encode(internalIds);

    const bobs = bob.encode(internalIds);
    expect(alices.filter((id, i) => bobs[i] === id)).toEqual([]);
    // A 16-bit check: about 1 in 65,536 ids of another user decodes to some id (the index then finds none of theirs).
    expect(bob.decode(alices).filter((id) => id !== undefined).length).toBeLessThanOrEqual(1);
  });

  it('shows neither the order nor the count of the internal ids', () => {
    const alice = codec.forUser('alice');

    const encoded = alice.encode(internalIds).map(BigInt);

    const rising = encoded.slice(1).filter((id, i) => id > encoded[i]!).length;
    // Consecutive internal ids rise as often as a coin comes up heads; and the ids spread over all 58 bits.
    expect(rising).toBeGreaterThan(900);
    expect(rising).toBeLessThan(1100);
    expect(encoded.filter((id) => id > 2n ** 57n).length).toBeGreaterThan(900);
  });

  it.each(['', 'abc', '-1', '007', '1.5', '288230376151711744', '9999999999999999999', ' 12'])(
    'decodes %j to nothing',
    (publicId) => {
      expect(codec.forUser('alice').decode([publicId])).toEqual([undefined]);
    },
  );

  it('needs a secret of at least 32 bytes', () => {
    expect(() => createPointIdCodec(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

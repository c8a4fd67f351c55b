// A user index's document slots: one per document while any of its chunks is loaded, reused once its last chunk goes.
import { describe, expect, it } from 'vitest';
import { DocumentSlots } from '../../../src/knowledge/index/sqlite/document-slots.js';

describe('DocumentSlots', () => {
  it('gives every chunk of a document the same slot and other documents their own', () => {
    const slots = new DocumentSlots();
    const first = slots.acquire(17);
    expect(slots.acquire(17)).toBe(first);
    const others = Array.from({ length: 200 }, (_, i) => slots.acquire(1000 + i));
    expect(new Set([first, ...others]).size).toBe(201);
    expect(slots.totals.length).toBeGreaterThanOrEqual(201);
  });

  it('keeps a slot while a chunk of its document is left, and reuses it once none is', () => {
    const slots = new DocumentSlots();
    const kept = slots.acquire(5);
    slots.acquire(5);
    const other = slots.acquire(6);
    slots.release(kept);
    expect(slots.acquire(7)).not.toBe(kept);
    expect(slots.acquire(5)).toBe(kept);
    slots.release(kept);
    slots.release(kept);
    expect(slots.acquire(8)).toBe(kept);
    expect(slots.acquire(6)).toBe(other);
  });
});

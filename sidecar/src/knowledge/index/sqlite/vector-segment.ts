// The int8 vectors of one user's chunks of one doc type, searched exactly by usearch's SIMD scan (cosine).
import usearch from 'usearch';
import { quantizeInto } from './quantize.js';
import { cosineWithInt8 } from './stored-vectors.js';

const INITIAL_CAPACITY = 64;
/** Holes above this share of the used slots are closed by moving the last vectors into them. */
const COMPACT_RATIO = 0.25;

export interface SegmentMatches {
  /** Owner slots (see `owner`), best approximate cosine first. */
  owners: number[];
  approx: number[];
  /** Every vector not returned scores at most this (approximately); -Infinity when all were returned. */
  floor: number;
}

export class VectorSegment {
  private data: Int8Array;
  /** Segment slot → the owner's slot (the user index's chunk slot), -1 for a hole. */
  private owners: Int32Array;
  private used = 0;
  private holes: number[] = [];
  /** Largest quantisation error of any vector ever stored (only grows; a safe bound). */
  maxError = 0;

  constructor(readonly dimensions: number) {
    this.data = new Int8Array(INITIAL_CAPACITY * dimensions);
    this.owners = new Int32Array(INITIAL_CAPACITY).fill(-1);
  }

  get live(): number {
    return this.used - this.holes.length;
  }

  get bytes(): number {
    return this.data.byteLength + this.owners.byteLength;
  }

  /** Stores a vector (int8 bytes as they are: the stored vector is then its own exact value); returns its slot. */
  add(owner: number, vector: Float32Array | Int8Array): number {
    const slot = this.holes.pop() ?? this.used++;
    if (slot >= this.owners.length) this.grow(this.owners.length * 2);
    if (vector instanceof Int8Array) this.data.set(vector, slot * this.dimensions);
    else this.maxError = Math.max(this.maxError, quantizeInto(vector, this.data, slot * this.dimensions));
    this.owners[slot] = owner;
    return slot;
  }

  /** Cosine of a unit float query with the int8 vector in `slot` (exact for vectors stored as int8). */
  cosine(slot: number, query: Float32Array): number {
    return cosineWithInt8(query, this.data, slot * this.dimensions);
  }

  /** Makes room for `count` vectors at once (a load knows how many come). */
  reserve(count: number): void {
    this.grow(count);
  }

  /** Removes a slot; `moved` is told of every vector that compaction moves (owner, new slot). */
  remove(slot: number, moved: (owner: number, slot: number) => void): void {
    this.data.fill(0, slot * this.dimensions, (slot + 1) * this.dimensions);
    this.owners[slot] = -1;
    this.holes.push(slot);
    if (this.holes.length > COMPACT_RATIO * this.used) this.compact(moved);
  }

  /** The `count` best slots by approximate cosine to `query` (already quantised), holes skipped. */
  search(query: Int8Array, count: number): SegmentMatches {
    const owners: number[] = [];
    const approx: number[] = [];
    if (this.live === 0) return { owners, approx, floor: -Infinity };
    const wanted = Math.min(this.used, count + this.holes.length);
    const dataset = this.data.subarray(0, this.used * this.dimensions);
    const result = usearch.exactSearch(dataset, query, this.dimensions, wanted, usearch.MetricKind.Cos, 1);
    const { keys, distances } = result as { keys: BigUint64Array; distances: Float32Array };
    let floor = -Infinity;
    for (let i = 0; i < keys.length; i++) {
      const owner = this.owners[Number(keys[i])] ?? -1;
      if (owner < 0) continue;
      const score = 1 - (distances[i] ?? 1);
      if (owners.length < count) {
        owners.push(owner);
        approx.push(score);
      } else floor = Math.max(floor, score);
    }
    if (wanted < this.used) floor = Math.max(floor, 1 - (distances[keys.length - 1] ?? 1));
    return { owners, approx, floor };
  }

  private grow(capacity: number): void {
    if (capacity <= this.owners.length) return;
    const data = new Int8Array(capacity * this.dimensions);
    data.set(this.data);
    const owners = new Int32Array(capacity).fill(-1);
    owners.set(this.owners);
    this.data = data;
    this.owners = owners;
  }

  private compact(moved: (owner: number, slot: number) => void): void {
    const holes = new Set(this.holes);
    this.holes = [];
    let last = this.used - 1;
    for (const hole of [...holes].sort((a, b) => a - b)) {
      while (last > hole && holes.has(last)) last--;
      if (last <= hole) break;
      const owner = this.owners[last] ?? -1;
      this.data.copyWithin(hole * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.owners[hole] = owner;
      this.owners[last] = -1;
      moved(owner, hole);
      last--;
    }
    this.used = last + 1;
    while (this.used > 0 && (this.owners[this.used - 1] ?? -1) < 0) this.used--;
  }
}

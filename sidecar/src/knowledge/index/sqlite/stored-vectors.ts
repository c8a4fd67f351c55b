// How the embedded index stores a chunk's vector: float32 (exact), or int8 only for a lexical embedder (a quarter of
// the bytes; its cosines are then the int8 vector's, and loading copies the bytes without converting them).
import { quantizeInto } from './quantize.js';

export type VectorStorage = 'float32' | 'int8';

/** The vector as its row keeps it, and as the in-memory segment takes it (int8 bytes are copied as they are). */
export function storedVector(vector: Float32Array, storage: VectorStorage): Float32Array | Int8Array {
  if (storage === 'float32') return vector;
  const bytes = new Int8Array(vector.length);
  quantizeInto(vector, bytes, 0);
  return bytes;
}

export function blobOfStored(vector: Float32Array | Int8Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** An int8 row's bytes, without a copy. */
export function int8OfBlob(blob: Uint8Array): Int8Array {
  return new Int8Array(blob.buffer, blob.byteOffset, blob.byteLength);
}

/** An int8 vector scaled to length 1, as results hand vectors out. */
export function unitOfInt8(bytes: Int8Array): Float32Array {
  const vector = Float32Array.from(bytes);
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** Cosine of a unit float query with the int8 vector at `offset` of `data` (0 for a zero vector). */
export function cosineWithInt8(query: Float32Array, data: Int8Array, offset: number): number {
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < query.length; i++) {
    const q = data[offset + i] ?? 0;
    dot += (query[i] ?? 0) * q;
    norm += q * q;
  }
  return norm === 0 ? 0 : dot / Math.sqrt(norm);
}

// How the embedded index stores a chunk's text: as it is, or raw-deflated when that is smaller (about half the bytes
// for prose), so the text is kept once and compactly; SQLite's value type tells the two apart. A deflated text is
// the UTF-8 length as a varint, then a raw deflate stream ended by a sync flush instead of a final block: such streams
// joined end to end are one valid stream, so a search's results are inflated in one call rather than one per chunk.
// Texts are deflated by fixed-deflate.ts (a fifth of zlib's time a chunk, somewhat larger); zlib inflates them.
import { constants, inflateRawSync } from 'node:zlib';
import { deflateFixed } from './fixed-deflate.js';

/** A chunk's text as its row holds it: TEXT (a string) or a deflated BLOB as above. */
export type StoredText = string | Buffer;

/** Texts shorter than this are kept as they are: deflate rarely wins on a few dozen bytes. */
const MIN_DEFLATED_LENGTH = 64;
const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };

export function storedText(text: string): StoredText {
  if (text.length < MIN_DEFLATED_LENGTH) return text;
  const utf8 = Buffer.from(text);
  const header = varint(utf8.length);
  const deflated = deflateFixed(utf8);
  if (header.length + deflated.byteLength >= utf8.length) return text;
  return Buffer.concat([header, deflated]);
}

/** The texts of several stored values, in order, with one inflate for all the deflated ones. */
export function textsOfStored(stored: readonly StoredText[]): string[] {
  const lengths: number[] = [];
  const streams: Buffer[] = [];
  for (const value of stored) {
    if (typeof value === 'string') continue;
    const { value: length, next } = readVarint(value);
    lengths.push(length);
    streams.push(value.subarray(next));
  }
  const inflated = streams.length === 0 ? Buffer.alloc(0) : inflateRawSync(Buffer.concat(streams), SYNC_FLUSH);
  let at = 0;
  let deflatedIndex = 0;
  return stored.map((value) => {
    if (typeof value === 'string') return value;
    const length = lengths[deflatedIndex++] ?? 0;
    const text = inflated.toString('utf8', at, at + length);
    at += length;
    return text;
  });
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

function readVarint(bytes: Buffer): { value: number; next: number } {
  let value = 0;
  let factor = 1;
  let i = 0;
  for (;;) {
    const byte = bytes[i++] ?? 0;
    value += (byte & 0x7f) * factor;
    if ((byte & 0x80) === 0) return { value, next: i };
    factor *= 0x80;
  }
}

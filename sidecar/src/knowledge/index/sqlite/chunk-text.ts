// How the embedded index stores a chunk's text: as it is, or raw-deflated when that is smaller (about half the bytes
// for prose), so the text is kept once and compactly; SQLite's value type tells the two apart.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** A chunk's text as its row holds it: TEXT (a string) or a raw-deflated UTF-8 BLOB. */
export type StoredText = string | Buffer;

/** Texts shorter than this are kept as they are: deflate rarely wins on a few dozen bytes. */
const MIN_DEFLATED_LENGTH = 64;

export function storedText(text: string): StoredText {
  if (text.length < MIN_DEFLATED_LENGTH) return text;
  const deflated = deflateRawSync(text);
  return deflated.byteLength < Buffer.byteLength(text) ? deflated : text;
}

export function textOfStored(stored: StoredText): string {
  return typeof stored === 'string' ? stored : inflateRawSync(stored).toString('utf8');
}

// UTF-8 text (plain, Markdown, CSV, JSON, YAML, source code) decoded without a worker: decoding is no parse. Bytes
// with a NUL are refused as `not text`, so a binary file with a text-like name (an MPEG stream called `.ts`) never
// lands in the index as garbage; other invalid sequences become U+FFFD as before.
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

/** The text of `bytes`; ExtractionRefusedError(`not text`) when they hold a NUL byte. */
export function decodePlainText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new ExtractionRefusedError(REFUSAL_REASONS.notText);
  return new TextDecoder('utf-8').decode(bytes);
}

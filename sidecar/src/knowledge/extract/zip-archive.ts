// A zip container (Office Open XML, OpenDocument, EPUB) read with yauzl within limits: the entry count from the
// central directory before anything is read, and for each entry read its declared size, its compression ratio and
// the bytes it really expands to (yauzl stops a stream that expands past its declared size), so a zip bomb is
// refused while it is being unpacked, never unpacked whole.
import yauzl from 'yauzl';
import { type Deadline, type ExtractionLimits } from './extraction-limits.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

export interface ZipArchive {
  /** Entry names in the order of the central directory (folders left out). */
  readonly names: string[];
  has(name: string): boolean;
  /** The entry's bytes as UTF-8 text; undefined when there is no such entry. */
  readText(name: string): Promise<string | undefined>;
  close(): void;
}

/** Entries smaller than this expand as they like (a page of spaces compresses a thousandfold). */
const RATIO_FREE_BYTES = 1024 * 1024;
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Opens the zip in `bytes`. An Office file that is a compound file (CFB) instead of a zip is an encrypted Office
 * Open XML document (Office encrypts into a CFB container): `encrypted`. Anything else that is no zip: `corrupt file`.
 */
export async function openZipArchive(
  bytes: Uint8Array,
  limits: ExtractionLimits,
  deadline: Deadline,
): Promise<ZipArchive> {
  if (CFB_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    throw new ExtractionRefusedError(REFUSAL_REASONS.encrypted);
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch {
    throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ExtractionRefusedError(REFUSAL_REASONS.tooManyEntries);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      deadline.check();
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof ExtractionRefusedError) throw error;
    throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
  }
  let expandedBytes = 0;
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    readText: async (name) => {
      const entry = entries.get(name);
      if (!entry) return undefined;
      if (entry.isEncrypted()) throw new ExtractionRefusedError(REFUSAL_REASONS.encrypted);
      const declared = entry.uncompressedSize;
      const ratio = declared / Math.max(1, entry.compressedSize);
      if (expandedBytes + declared > limits.maxExpandedBytes) throw new ExtractionRefusedError(REFUSAL_REASONS.zipBomb);
      if (declared > RATIO_FREE_BYTES && ratio > limits.maxCompressionRatio) {
        throw new ExtractionRefusedError(REFUSAL_REASONS.zipBomb);
      }
      expandedBytes += declared;
      return readEntry(zip, entry, deadline);
    },
    close: () => zip.close(),
  };
}

/** The entry's bytes, at most its declared size (yauzl's validateEntrySizes fails a stream that expands past it). */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, deadline: Deadline): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream) {
      deadline.check();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof ExtractionRefusedError) throw error;
    const message = error instanceof Error ? error.message : '';
    // yauzl's own words for an entry that expands past what the directory declared.
    if (/too many bytes/i.test(message)) {
      throw new ExtractionRefusedError(REFUSAL_REASONS.zipBomb);
    }
    throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

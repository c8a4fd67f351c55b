// A raw deflate encoder for chunk-sized texts: greedy LZ77 matches coded with deflate's fixed Huffman codes, ended by
// a sync flush. Node's zlib spends about 20 µs setting up a stream for each call, more than compressing a chunk
// takes; this one has nothing to set up and keeps a few KiB of tables for the process. Any inflater reads its output.

/** Distances deflate can code (its window). */
const WINDOW = 32_768;
/** A match shorter than this is coded as literals (a 3-byte match saves little with the fixed codes). */
const MIN_MATCH = 4;
const MAX_MATCH = 258;
const HASH_BITS = 12;
/** Multiplier of the 4-byte hash (Knuth's golden-ratio constant). */
const HASH_MULTIPLIER = 2654435761;
const END_OF_BLOCK = 256;

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131];
LENGTH_BASE.push(163, 195, 227, 258);
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537];
DISTANCE_BASE.push(2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577);
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** Per literal/length symbol: its fixed code, bit-reversed as the stream writes it, and its bit count. */
const SYMBOL_CODE = new Uint16Array(288);
const SYMBOL_BITS = new Uint8Array(288);
/** Per match length: its symbol's code followed by the extra bits, and their bit count. */
const LENGTH_CODE = new Uint32Array(MAX_MATCH + 1);
const LENGTH_BITS = new Uint8Array(MAX_MATCH + 1);
/** Per distance: the index of its distance code. */
const DISTANCE_SYMBOL = new Uint8Array(WINDOW + 1);
buildTables();

/** Scratch for the encoder: the last position of each hash (the process encodes one text at a time). */
const lastSeen = new Int32Array(1 << HASH_BITS);

/**
 * `input` as one fixed-Huffman deflate block (not the final one) and an empty stored block: the output ends on a
 * byte boundary, so such outputs joined end to end inflate as one stream (with a sync finish flush).
 */
export function deflateFixed(input: Uint8Array): Buffer {
  const length = input.length;
  // Literals take at most 9 bits, matches fewer bits than the bytes they replace; the ends take under 8 bytes.
  const out = Buffer.allocUnsafe(length + (length >> 3) + 16);
  let at = 0;
  let bits = 0;
  let bitCount = 0;
  const put = (value: number, count: number) => {
    bits |= value << bitCount;
    bitCount += count;
    while (bitCount >= 8) {
      out[at++] = bits & 0xff;
      bits >>>= 8;
      bitCount -= 8;
    }
  };
  lastSeen.fill(-1);
  put(0b010, 3); // not final; fixed Huffman codes
  let i = 0;
  while (i < length) {
    const match = i + MIN_MATCH <= length ? longestAt(input, i) : 0;
    if (match === 0) {
      const byte = input[i++]!;
      put(SYMBOL_CODE[byte]!, SYMBOL_BITS[byte]!);
      continue;
    }
    const matchLength = match & 0x1ff;
    const distance = match >>> 9;
    put(LENGTH_CODE[matchLength]!, LENGTH_BITS[matchLength]!);
    const symbol = DISTANCE_SYMBOL[distance]!;
    put(reverseBits(symbol, 5) | ((distance - DISTANCE_BASE[symbol]!) << 5), 5 + DISTANCE_EXTRA[symbol]!);
    // The positions inside the match are remembered too: later text often repeats from them.
    const end = i + matchLength;
    for (i += 1; i < end; i++) if (i + MIN_MATCH <= length) lastSeen[hashAt(input, i)] = i;
  }
  put(SYMBOL_CODE[END_OF_BLOCK]!, SYMBOL_BITS[END_OF_BLOCK]!);
  put(0, 3); // an empty stored block: byte-aligned, then its length 0 and the length's complement
  if (bitCount > 0) put(0, 8 - bitCount);
  out.set([0, 0, 0xff, 0xff], at);
  return out.subarray(0, at + 4);
}

/** The longest earlier match at `i` (distance << 9 | length), 0 when none reaches MIN_MATCH; remembers `i`. */
function longestAt(input: Uint8Array, i: number): number {
  const hash = hashAt(input, i);
  const candidate = lastSeen[hash]!;
  lastSeen[hash] = i;
  if (candidate < 0 || i - candidate > WINDOW) return 0;
  const limit = Math.min(MAX_MATCH, input.length - i);
  let matched = 0;
  while (matched < limit && input[candidate + matched] === input[i + matched]) matched++;
  return matched < MIN_MATCH ? 0 : ((i - candidate) << 9) | matched;
}

function hashAt(input: Uint8Array, i: number): number {
  const word = input[i]! | (input[i + 1]! << 8) | (input[i + 2]! << 16) | (input[i + 3]! << 24);
  return Math.imul(word, HASH_MULTIPLIER) >>> (32 - HASH_BITS);
}

function buildTables(): void {
  for (let symbol = 0; symbol < 288; symbol++) {
    // RFC 1951, 3.2.6: 0–143 in 8 bits from 0x30, 144–255 in 9 from 0x190, 256–279 in 7 from 0, 280–287 in 8 from 0xc0.
    const [first, base, count] =
      symbol < 144 ? [0, 0x30, 8] : symbol < 256 ? [144, 0x190, 9] : symbol < 280 ? [256, 0, 7] : [280, 0xc0, 8];
    SYMBOL_CODE[symbol] = reverseBits(base + symbol - first, count);
    SYMBOL_BITS[symbol] = count;
  }
  for (const [code, base] of LENGTH_BASE.entries()) {
    const symbol = 257 + code;
    const end = code === LENGTH_BASE.length - 1 ? MAX_MATCH + 1 : LENGTH_BASE[code + 1]!;
    for (let length = base; length < end; length++) {
      LENGTH_CODE[length] = SYMBOL_CODE[symbol]! | ((length - base) << SYMBOL_BITS[symbol]!);
      LENGTH_BITS[length] = SYMBOL_BITS[symbol]! + LENGTH_EXTRA[code]!;
    }
  }
  for (const [code, base] of DISTANCE_BASE.entries()) {
    const end = code === DISTANCE_BASE.length - 1 ? WINDOW + 1 : DISTANCE_BASE[code + 1]!;
    DISTANCE_SYMBOL.fill(code, base, end);
  }
}

function reverseBits(value: number, count: number): number {
  let reversed = 0;
  for (let i = 0; i < count; i++) reversed = (reversed << 1) | ((value >>> i) & 1);
  return reversed;
}

// Public point ids: the `point_id` of search results, a decimal number of at most 18 digits (as the companion checks
// them) that tells nothing about the index. The chunk's internal row id, with 16 zero bits above it as a check, goes
// through a keyed permutation of 58-bit numbers (an 8-round Feistel network with AES as its round function) under a
// key of its user derived from the index's own secret: ids look random, differ from user to user, and show neither
// how many chunks others indexed nor in what order. Another user's id, or a made-up one, decodes to nothing.
import { createCipheriv, createHmac, type Cipheriv } from 'node:crypto';

export interface PointIdCodec {
  /** The public ids of one user's points: one key derivation, then eight AES calls for a whole list of ids. */
  forUser(userId: string): UserPointIds;
}

export interface UserPointIds {
  /** The public ids (decimal strings) of the user's chunks with these internal ids, in the same order. */
  encode(internalIds: readonly string[]): string[];
  /** The internal ids behind the user's public ids, in the same order; undefined for anything else. */
  decode(publicIds: readonly string[]): (string | undefined)[];
}

/** Internal ids below 2^42 (4.4 trillion chunks) are encoded; the 16 bits above them must decode to zero. */
const ID_BITS = 42;
const HALF_BITS = 29;
const HALF = 2 ** HALF_BITS;
const BLOCK_LIMIT = 1n << BigInt(2 * HALF_BITS);
const ROUNDS = 8;
const CANONICAL_DECIMAL = /^(0|[1-9]\d{0,17})$/;

/** `secret`: the index's own random key (IndexStore.pointIdSecret), 32 bytes. */
/** Users whose ids are kept for later searches (all are dropped once more have searched; each holds a cipher). */
const MAX_KEPT_USERS = 256;

export function createPointIdCodec(secret: Buffer): PointIdCodec {
  if (secret.length < 32) throw new Error('The point id secret must have at least 32 bytes.');
  // A user's ids derive a key and set up a cipher (about a tenth of a millisecond): kept for later searches.
  const kept = new Map<string, UserPointIds>();
  return {
    forUser(userId) {
      const known = kept.get(userId);
      if (known) return known;
      const userKey = createHmac('sha256', secret).update('point-id\0').update(userId, 'utf8').digest();
      const rounds = createRoundFunction(userKey.subarray(0, 16));
      const ids: UserPointIds = {
        encode: (internalIds) => encode(rounds, internalIds),
        decode: (publicIds) => decode(rounds, publicIds),
      };
      if (kept.size >= MAX_KEPT_USERS) kept.clear();
      kept.set(userId, ids);
      return ids;
    },
  };
}

/** Round `round` of the network for many halves at once: AES-128 of (round, half) under the user's key, 29 bits. */
type RoundFunction = (round: number, halves: readonly number[]) => number[];

function encode(rounds: RoundFunction, internalIds: readonly string[]): string[] {
  const ids = internalIds.map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 0 || id >= 2 ** ID_BITS)) {
    throw new Error('A point id is out of range.');
  }
  let left = ids.map((id) => Math.floor(id / HALF));
  let right = ids.map((id) => id % HALF);
  for (let i = 0; i < ROUNDS; i += 1) {
    const mixed = rounds(i, right);
    [left, right] = [right, left.map((half, j) => (half ^ mixed[j]!) >>> 0)];
  }
  return ids.map((_, j) => ((BigInt(left[j]!) << BigInt(HALF_BITS)) | BigInt(right[j]!)).toString());
}

function decode(rounds: RoundFunction, publicIds: readonly string[]): (string | undefined)[] {
  const blocks = publicIds.map((id) => (CANONICAL_DECIMAL.test(id) ? BigInt(id) : BLOCK_LIMIT));
  let left = blocks.map((block) => Number((block >> BigInt(HALF_BITS)) % BigInt(HALF)));
  let right = blocks.map((block) => Number(block & BigInt(HALF - 1)));
  for (let i = ROUNDS - 1; i >= 0; i -= 1) {
    const mixed = rounds(i, left);
    [left, right] = [right.map((half, j) => (half ^ mixed[j]!) >>> 0), left];
  }
  // The check: a real id has nothing above its 42 bits.
  return blocks.map((block, j) =>
    block >= BLOCK_LIMIT || left[j]! >= 2 ** (ID_BITS - HALF_BITS) ? undefined : String(left[j]! * HALF + right[j]!),
  );
}

function createRoundFunction(key: Buffer): RoundFunction {
  // ECB keeps no state between blocks: one cipher serves every call, each block on its own.
  const cipher: Cipheriv = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return (round, halves) => {
    const blocks = Buffer.alloc(16 * halves.length);
    halves.forEach((half, j) => {
      blocks.writeUInt32BE(round, 16 * j);
      blocks.writeUInt32BE(half, 16 * j + 4);
    });
    const out = cipher.update(blocks);
    return halves.map((_, j) => out.readUInt32BE(16 * j) & (HALF - 1));
  };
}

// Encryption of secrets at rest: XChaCha20-Poly1305 (the IETF AEAD, as libsodium's crypto_aead_xchacha20poly1305_ietf,
// byte for byte) with associated data binding table and user; during a key change it also reads with the previous key.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';

/** Which configured key opens a ciphertext. */
export type KeyName = 'current' | 'previous';

export interface SecretBox {
  /** Returns version byte + nonce + ciphertext under the current key; `context` (e.g. "app_passwords:alice") is bound as associated data. */
  encrypt(plaintext: string, context: string): Buffer;
  /** Opens with the current key, else the previous one; throws SecretBoxError when neither opens it. */
  decrypt(sealed: Uint8Array, context: string): string;
  /** The key that opens `sealed`, or undefined when neither does (wrong key, wrong context, or altered data). */
  openingKey(sealed: Uint8Array, context: string): KeyName | undefined;
  /** True when a previous key was given (a key change is under way). */
  readonly hasPreviousKey: boolean;
}

export class SecretBoxError extends Error {}

const FORMAT_VERSION = 1;
const KEY_BYTES = 32;
const NONCE_BYTES = 24;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Async for its callers' sake (the key check awaits it); nothing here waits. */
export async function createSecretBox(key: Uint8Array, previousKey?: Uint8Array): Promise<SecretBox> {
  if (key.length !== KEY_BYTES || (previousKey && previousKey.length !== KEY_BYTES)) {
    throw new SecretBoxError('The encryption key must be 32 bytes.');
  }
  const current = new Uint8Array(key);
  const previous = previousKey && !timingSafeEqual(previousKey, key) ? new Uint8Array(previousKey) : undefined;

  const open = (sealed: Uint8Array, context: string, withKey: Uint8Array): string | undefined => {
    if (sealed.length < 1 + NONCE_BYTES || sealed[0] !== FORMAT_VERSION) return undefined;
    try {
      const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
      const cipher = sealed.subarray(1 + NONCE_BYTES);
      return utf8.decode(xchacha20poly1305(withKey, nonce, Buffer.from(context)).decrypt(cipher));
    } catch {
      return undefined;
    }
  };

  return {
    encrypt(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = xchacha20poly1305(current, nonce, Buffer.from(context)).encrypt(Buffer.from(plaintext));
      return Buffer.concat([Buffer.from([FORMAT_VERSION]), nonce, cipher]);
    },
    decrypt(sealed, context) {
      const plaintext = open(sealed, context, current) ?? (previous && open(sealed, context, previous));
      if (plaintext === undefined) {
        throw new SecretBoxError('A stored secret could not be decrypted (wrong key, or the row was altered).');
      }
      return plaintext;
    },
    openingKey(sealed, context) {
      if (open(sealed, context, current) !== undefined) return 'current';
      if (previous && open(sealed, context, previous) !== undefined) return 'previous';
      return undefined;
    },
    hasPreviousKey: previous !== undefined,
  };
}

/** A new random key, base64-encoded, for TOKEN_ENCRYPTION_KEY. */
export async function generateEncryptionKey(): Promise<string> {
  return randomBytes(KEY_BYTES).toString('base64');
}

// Encryption of secrets at rest: libsodium XChaCha20-Poly1305 with associated data binding table and user; during a
// key change it also reads with the previous key.
import sodium from 'libsodium-wrappers';

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

/** Call once at start: libsodium initialises asynchronously. */
export async function createSecretBox(key: Uint8Array, previousKey?: Uint8Array): Promise<SecretBox> {
  await sodium.ready;
  const keyBytes = sodium.crypto_aead_xchacha20poly1305_ietf_KEYBYTES;
  if (key.length !== keyBytes || (previousKey && previousKey.length !== keyBytes)) {
    throw new SecretBoxError('The encryption key must be 32 bytes.');
  }
  const nonceBytes = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
  const current = new Uint8Array(key);
  const previous = previousKey && !sodium.memcmp(previousKey, key) ? new Uint8Array(previousKey) : undefined;

  const open = (sealed: Uint8Array, context: string, withKey: Uint8Array): string | undefined => {
    if (sealed.length < 1 + nonceBytes || sealed[0] !== FORMAT_VERSION) return undefined;
    try {
      const nonce = sealed.subarray(1, 1 + nonceBytes);
      const cipher = sealed.subarray(1 + nonceBytes);
      return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, cipher, context, nonce, withKey, 'text');
    } catch {
      return undefined;
    }
  };

  return {
    encrypt(plaintext, context) {
      const nonce = sodium.randombytes_buf(nonceBytes);
      const cipher = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, context, null, nonce, current);
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
  await sodium.ready;
  return Buffer.from(sodium.crypto_aead_xchacha20poly1305_ietf_keygen()).toString('base64');
}

// Encryption of secrets at rest: libsodium XChaCha20-Poly1305 with associated data binding table and user.
import sodium from 'libsodium-wrappers';

export interface SecretBox {
  /** Returns version byte + nonce + ciphertext; `context` (e.g. "app_passwords:alice") is bound as associated data. */
  encrypt(plaintext: string, context: string): Buffer;
  /** Throws SecretBoxError when the key or context does not match or the data was altered. */
  decrypt(sealed: Uint8Array, context: string): string;
}

export class SecretBoxError extends Error {}

const FORMAT_VERSION = 1;

/** Call once at start: libsodium initialises asynchronously. */
export async function createSecretBox(key: Uint8Array): Promise<SecretBox> {
  await sodium.ready;
  if (key.length !== sodium.crypto_aead_xchacha20poly1305_ietf_KEYBYTES) {
    throw new SecretBoxError('The encryption key must be 32 bytes.');
  }
  const nonceBytes = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
  const keyCopy = new Uint8Array(key);

  return {
    encrypt(plaintext, context) {
      const nonce = sodium.randombytes_buf(nonceBytes);
      const cipher = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, context, null, nonce, keyCopy);
      return Buffer.concat([Buffer.from([FORMAT_VERSION]), nonce, cipher]);
    },
    decrypt(sealed, context) {
      if (sealed.length < 1 + nonceBytes || sealed[0] !== FORMAT_VERSION) {
        throw new SecretBoxError('Unknown ciphertext format.');
      }
      const nonce = sealed.subarray(1, 1 + nonceBytes);
      try {
        const cipher = sealed.subarray(1 + nonceBytes);
        return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, cipher, context, nonce, keyCopy, 'text');
      } catch (cause) {
        throw new SecretBoxError('A stored secret could not be decrypted (wrong key, or the row was altered).', {
          cause,
        });
      }
    },
  };
}

/** A new random key, base64-encoded, for TOKEN_ENCRYPTION_KEY. */
export async function generateEncryptionKey(): Promise<string> {
  await sodium.ready;
  return Buffer.from(sodium.crypto_aead_xchacha20poly1305_ietf_keygen()).toString('base64');
}

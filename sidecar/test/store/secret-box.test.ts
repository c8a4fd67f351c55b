// The secret box seals exactly as libsodium's crypto_aead_xchacha20poly1305_ietf (the format of every stored secret,
// including those written before the sidecar stopped loading libsodium) and refuses what it must.
import { randomBytes } from 'node:crypto';
import sodium from 'libsodium-wrappers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, generateEncryptionKey, SecretBoxError } from '../../src/store/secret-box.js';

const NONCE = 24;

beforeAll(async () => {
  await sodium.ready;
});

/** What the sidecar wrote with libsodium: version byte 1, nonce, libsodium's combined ciphertext and tag. */
function sealWithLibsodium(plaintext: string, context: string, key: Uint8Array): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, context, null, nonce, key);
  return Buffer.concat([Buffer.from([1]), nonce, cipher]);
}

const samples = ['', 'AbCdE-12345-fGhIj-67890-KlMnO', 'Grüße, 東京 🌍', 'x'.repeat(5000)];

describe('secret box', () => {
  it('opens what libsodium sealed, and libsodium opens what it seals', async () => {
    const key = randomBytes(32);
    const box = await createSecretBox(key);
    for (const [index, plaintext] of samples.entries()) {
      const context = `app_passwords:user-${index}`;
      expect(box.decrypt(sealWithLibsodium(plaintext, context, key), context)).toBe(plaintext);
      const sealed = box.encrypt(plaintext, context);
      expect(sealed[0]).toBe(1);
      const opened = sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
        null,
        sealed.subarray(1 + NONCE),
        context,
        sealed.subarray(1, 1 + NONCE),
        key,
        'text',
      );
      expect(opened).toBe(plaintext);
    }
  });

  it('refuses another context, an altered byte, another key and an unknown format version', async () => {
    const key = randomBytes(32);
    const box = await createSecretBox(key);
    const sealed = box.encrypt('secret', 'app_passwords:alice');
    expect(() => box.decrypt(sealed, 'app_passwords:bob')).toThrow(SecretBoxError);
    for (const at of [1, 1 + NONCE, sealed.length - 1]) {
      const altered = Buffer.from(sealed);
      altered[at]! ^= 1;
      expect(box.openingKey(altered, 'app_passwords:alice')).toBeUndefined();
    }
    const versioned = Buffer.from(sealed);
    versioned[0] = 2;
    expect(box.openingKey(versioned, 'app_passwords:alice')).toBeUndefined();
    const other = await createSecretBox(randomBytes(32));
    expect(() => other.decrypt(sealed, 'app_passwords:alice')).toThrow(SecretBoxError);
  });

  it('reads with the previous key during a key change and seals with the current one', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const sealedBefore = (await createSecretBox(oldKey)).encrypt('kept', 'refresh_tokens:alice');
    const box = await createSecretBox(newKey, oldKey);
    expect(box.hasPreviousKey).toBe(true);
    expect(box.openingKey(sealedBefore, 'refresh_tokens:alice')).toBe('previous');
    expect(box.decrypt(sealedBefore, 'refresh_tokens:alice')).toBe('kept');
    expect(box.openingKey(box.encrypt('new', 'refresh_tokens:alice'), 'refresh_tokens:alice')).toBe('current');
    expect((await createSecretBox(newKey, newKey)).hasPreviousKey).toBe(false);
  });

  it('refuses keys that are not 32 bytes, and generates 32-byte keys', async () => {
    await expect(createSecretBox(randomBytes(16))).rejects.toThrow(SecretBoxError);
    await expect(createSecretBox(randomBytes(32), randomBytes(31))).rejects.toThrow(SecretBoxError);
    const generated = Buffer.from(await generateEncryptionKey(), 'base64');
    expect(generated).toHaveLength(32);
    expect(await generateEncryptionKey()).not.toBe(generated.toString('base64'));
  });
});

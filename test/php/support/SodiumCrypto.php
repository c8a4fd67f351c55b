<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// A real ICrypto: XSalsa20-Poly1305 (sodium secretbox) under a 32-byte key, output base64(nonce || ciphertext).
namespace OCA\McpCompanion\Tests\Support;

use OCP\Security\ICrypto;

class SodiumCrypto implements ICrypto {
	public function __construct(
		private string $key,
	) {
		if (strlen($key) !== SODIUM_CRYPTO_SECRETBOX_KEYBYTES) {
			throw new \InvalidArgumentException('The key must be 32 bytes');
		}
	}

	/** Reads the key from $file, creating a random one there first if needed. */
	public static function fromKeyFile(string $file): self {
		if (!is_file($file)) {
			file_put_contents($file, sodium_crypto_secretbox_keygen(), LOCK_EX);
			chmod($file, 0600);
		}
		return new self((string)file_get_contents($file));
	}

	public function calculateHMAC(string $message, string $password = ''): string {
		return hash_hmac('sha512', $message, $password !== '' ? $password : $this->key, true);
	}

	public function encrypt(string $plaintext, string $password = ''): string {
		$nonce = random_bytes(SODIUM_CRYPTO_SECRETBOX_NONCEBYTES);
		return base64_encode($nonce . sodium_crypto_secretbox($plaintext, $nonce, $this->deriveKey($password)));
	}

	public function decrypt(string $authenticatedCiphertext, string $password = ''): string {
		$raw = base64_decode($authenticatedCiphertext, true);
		if ($raw === false || strlen($raw) < SODIUM_CRYPTO_SECRETBOX_NONCEBYTES + SODIUM_CRYPTO_SECRETBOX_MACBYTES) {
			throw new \Exception('Authenticated ciphertext could not be decoded.');
		}
		$nonce = substr($raw, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES);
		$plaintext = sodium_crypto_secretbox_open(substr($raw, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES), $nonce, $this->deriveKey($password));
		if ($plaintext === false) {
			throw new \Exception('HMAC does not match.');
		}
		return $plaintext;
	}

	private function deriveKey(string $password): string {
		return $password === '' ? $this->key : sodium_crypto_generichash($password, '', SODIUM_CRYPTO_SECRETBOX_KEYBYTES);
	}
}

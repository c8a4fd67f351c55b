<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Security\ICrypto, with the real signatures.
namespace OCP\Security;

interface ICrypto {
	public function calculateHMAC(string $message, string $password = ''): string;

	public function encrypt(string $plaintext, string $password = ''): string;

	/**
	 * @throws \Exception If the HMAC does not match or the decryption failed
	 */
	public function decrypt(string $authenticatedCiphertext, string $password = ''): string;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Security\ICrypto, signatures only (checked by StubSignaturesTest).
namespace OCP\Security;

interface ICrypto {
	public function calculateHMAC(string $message, string $password = ''): string;

	public function decrypt(string $authenticatedCiphertext, string $password = ''): string;

	public function encrypt(string $plaintext, string $password = ''): string;
}

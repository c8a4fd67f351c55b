<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The test ICrypto: round trips, fresh nonces, tamper detection.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Tests\Support\SodiumCrypto;
use PHPUnit\Framework\TestCase;

class SodiumCryptoTest extends TestCase {
	public function testRoundTripsWithAFreshNonceEachTime(): void {
		$crypto = new SodiumCrypto(sodium_crypto_secretbox_keygen());

		$first = $crypto->encrypt('secret');
		$second = $crypto->encrypt('secret');

		$this->assertNotSame($first, $second);
		$this->assertSame('secret', $crypto->decrypt($first));
	}

	public function testRefusesATamperedCiphertext(): void {
		$crypto = new SodiumCrypto(sodium_crypto_secretbox_keygen());
		$raw = base64_decode($crypto->encrypt('secret'));
		$raw[strlen($raw) - 1] = chr(ord($raw[strlen($raw) - 1]) ^ 1);

		$this->expectException(\Exception::class);

		$crypto->decrypt(base64_encode($raw));
	}
}

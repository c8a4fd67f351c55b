<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// AppPasswordValidator's format check: both formats Nextcloud issues, nothing else.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Tests\UpstreamTestCase;
use PHPUnit\Framework\Attributes\DataProvider;

class AppPasswordValidatorTest extends UpstreamTestCase {
	/** @return array<string, array{string, bool}> */
	public static function candidates(): array {
		return [
			'security settings' => ['Abcde-12345-fGhIj-67890-kLmNo', true],
			'login flow v2' => [str_repeat('a1B2', 18), true],
			'four groups' => ['Abcde-12345-fGhIj-67890', false],
			'group of six' => ['Abcdef-12345-fGhIj-67890-kLmNo', false],
			'symbols' => ['Abcd!-12345-fGhIj-67890-kLmNo', false],
			'71 characters' => [str_repeat('a', 71), false],
			'73 characters' => [str_repeat('a', 73), false],
			'empty' => ['', false],
			'trailing newline' => ["Abcde-12345-fGhIj-67890-kLmNo\n", false],
		];
	}

	#[DataProvider('candidates')]
	public function testRecognisesTheAppPasswordFormats(string $candidate, bool $expected): void {
		$this->assertSame($expected, $this->wiring->validator()->isWellFormed($candidate));
	}
}

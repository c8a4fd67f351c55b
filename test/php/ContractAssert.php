<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Asserts that a response body conforms to a contract fixture: same keys recursively, same JSON type per value.
namespace OCA\McpCompanion\Tests;

use OCP\AppFramework\Http\JSONResponse;
use PHPUnit\Framework\Assert;

final class ContractAssert {
	public const CONTRACT_DIR = __DIR__ . '/../contract';

	/** @param JSONResponse|string|array $actual a response, its rendered JSON, or the decoded value */
	public static function assertConforms(string $fixture, JSONResponse|string|array $actual): void {
		$expected = json_decode((string)file_get_contents(self::CONTRACT_DIR . '/' . $fixture), false, 64, JSON_THROW_ON_ERROR);
		$json = match (true) {
			$actual instanceof JSONResponse => $actual->render(),
			is_string($actual) => $actual,
			default => json_encode($actual, JSON_THROW_ON_ERROR),
		};
		self::compare($expected, json_decode($json, false, 64, JSON_THROW_ON_ERROR), $fixture, '$');
	}

	private static function compare(mixed $expected, mixed $actual, string $fixture, string $path): void {
		$expectedType = self::typeOf($expected);
		$actualType = self::typeOf($actual);
		$emptyArrayAsObject = $expectedType === 'object' && $actual === [];
		Assert::assertTrue($expectedType === $actualType || $emptyArrayAsObject, "$fixture: $path is $actualType, the contract says $expectedType");
		if ($expectedType === 'object' && !$emptyArrayAsObject) {
			$expectedKeys = array_keys(get_object_vars($expected));
			$actualKeys = array_keys(get_object_vars($actual));
			sort($expectedKeys);
			sort($actualKeys);
			Assert::assertSame($expectedKeys, $actualKeys, "$fixture: the keys of $path differ from the contract");
			foreach ($expectedKeys as $key) {
				self::compare($expected->$key, $actual->$key, $fixture, "$path.$key");
			}
		} elseif ($expectedType === 'array' && $expected !== [] && $actual !== []) {
			self::compare($expected[0], $actual[0], $fixture, $path . '[0]');
		}
	}

	private static function typeOf(mixed $value): string {
		return match (true) {
			$value === null => 'null',
			is_bool($value) => 'boolean',
			is_int($value), is_float($value) => 'number',
			is_string($value) => 'string',
			is_array($value) => 'array',
			default => 'object',
		};
	}
}

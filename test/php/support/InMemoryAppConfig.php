<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// OCP\IAppConfig kept in memory, string values only, sensitive values encrypted like Nextcloud's AppConfig does.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IAppConfig;
use OCP\IConfig;
use OCP\Security\ICrypto;

/**
 * As lib/private/AppConfig.php (32): a sensitive value is stored as '$AppConfigEncryption$' . ICrypto::encrypt(value)
 * and stays sensitive when set again without the flag; hasKey() looks in the non-lazy values unless asked for lazy
 * ones (null: both); getAllValues(filtered: true) shows IConfig::SENSITIVE_VALUE for them.
 */
class InMemoryAppConfig implements IAppConfig {
	private const ENCRYPTION_PREFIX = '$AppConfigEncryption$';

	/** @var array<string, array<string, array{value: string, lazy: bool, sensitive: bool}>> */
	protected array $data = [];

	public function __construct(
		private ICrypto $crypto,
	) {
	}

	/** Sensitive values encrypted under a fresh random key. */
	public static function withRandomKey(): self {
		return new self(new SodiumCrypto(sodium_crypto_secretbox_keygen()));
	}

	public function hasKey(string $app, string $key, ?bool $lazy = false): bool {
		$entry = $this->read()[$app][$key] ?? null;
		return $entry !== null && ($lazy === null || $entry['lazy'] === $lazy);
	}

	public function getValueString(string $app, string $key, string $default = '', bool $lazy = false): string {
		$entry = $this->read()[$app][$key] ?? null;
		if ($entry === null || $entry['lazy'] !== $lazy) {
			return $default;
		}
		return $entry['sensitive'] ? $this->crypto->decrypt(substr($entry['value'], strlen(self::ENCRYPTION_PREFIX))) : $entry['value'];
	}

	public function setValueString(string $app, string $key, string $value, bool $lazy = false, bool $sensitive = false): bool {
		$current = $this->read()[$app][$key] ?? null;
		$sensitive = $sensitive || ($current['sensitive'] ?? false);
		if ($current !== null && $current['lazy'] === $lazy && $current['sensitive'] === $sensitive && $this->getValueString($app, $key, '', $lazy) === $value) {
			return false;
		}
		$stored = $sensitive ? self::ENCRYPTION_PREFIX . $this->crypto->encrypt($value) : $value;
		$this->update(function (array &$data) use ($app, $key, $stored, $lazy, $sensitive): void {
			$data[$app][$key] = ['value' => $stored, 'lazy' => $lazy, 'sensitive' => $sensitive];
		});
		return true;
	}

	public function deleteKey(string $app, string $key): void {
		$this->update(function (array &$data) use ($app, $key): void {
			unset($data[$app][$key]);
		});
	}

	public function isSensitive(string $app, string $key, ?bool $lazy = false): bool {
		if (!$this->hasKey($app, $key, $lazy)) {
			throw new \InvalidArgumentException('unknown config key');
		}
		return $this->read()[$app][$key]['sensitive'];
	}

	public function getKeys(string $app): array {
		$keys = array_keys($this->read()[$app] ?? []);
		sort($keys);
		return $keys;
	}

	public function getAllValues(string $app, string $prefix = '', bool $filtered = false): array {
		$values = [];
		foreach ($this->read()[$app] ?? [] as $key => $entry) {
			if (str_starts_with((string)$key, $prefix)) {
				$values[$key] = $filtered && $entry['sensitive'] ? IConfig::SENSITIVE_VALUE : $this->getValueString($app, (string)$key, '', $entry['lazy']);
			}
		}
		return $values;
	}

	/** @return array<string, array<string, array{value: string, lazy: bool, sensitive: bool}>> */
	protected function read(): array {
		return $this->data;
	}

	/** @param callable(array): void $change */
	protected function update(callable $change): void {
		$change($this->data);
	}

	public function clearCache(bool $reload = false): void {
	}

	public function convertTypeToInt(string $type): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function convertTypeToString(int $type): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function deleteApp(string $app): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getAppInstalledVersions(bool $onlyEnabled = false): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getApps(): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getDetails(string $app, string $key): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getFilteredValues($app) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getKeyDetails(string $app, string $key): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getValueArray(string $app, string $key, array $default = [], bool $lazy = false): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getValueBool(string $app, string $key, bool $default = false, bool $lazy = false): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getValueFloat(string $app, string $key, float $default = 0.0, bool $lazy = false): float {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getValueInt(string $app, string $key, int $default = 0, bool $lazy = false): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getValues($app, $key) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getValueType(string $app, string $key, ?bool $lazy = null): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function isLazy(string $app, string $key): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function searchKeys(string $app, string $prefix = '', bool $lazy = false): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function searchValues(string $key, bool $lazy = false, ?int $typedAs = null): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setValueArray(string $app, string $key, array $value, bool $lazy = false, bool $sensitive = false): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setValueBool(string $app, string $key, bool $value, bool $lazy = false): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setValueFloat(string $app, string $key, float $value, bool $lazy = false, bool $sensitive = false): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setValueInt(string $app, string $key, int $value, bool $lazy = false, bool $sensitive = false): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function updateLazy(string $app, string $key, bool $lazy): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function updateSensitive(string $app, string $key, bool $sensitive): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IConfig kept in memory (system values and user preferences); FileBackedConfig persists the same data.
namespace OCA\McpCompanion\Tests\Support;

use OCP\HintException;
use OCP\IConfig;

class InMemoryConfig implements IConfig {
	/** @var array{system: array<string, mixed>, users: array<string, array<string, array<string, string>>>} */
	protected array $data = ['system' => [], 'users' => []];

	/** @param array<string, mixed> $systemValues */
	public function __construct(array $systemValues = []) {
		$this->data['system'] = $systemValues;
	}

	public function setSystemValue($key, $value) {
		if (($this->read()['system'][$key] ?? null) === $value) {
			return;
		}
		$this->assertConfigWritable();
		$this->update(function (array &$data) use ($key, $value): void {
			$data['system'][$key] = $value;
		});
	}

	public function getSystemValue($key, $default = '') {
		return $this->read()['system'][$key] ?? $default;
	}

	public function getSystemValueBool(string $key, bool $default = false): bool {
		return (bool)$this->getSystemValue($key, $default);
	}

	public function getSystemValueString(string $key, string $default = ''): string {
		return (string)$this->getSystemValue($key, $default);
	}

	public function deleteSystemValue($key) {
		if (!isset($this->read()['system'][$key])) {
			return;
		}
		$this->assertConfigWritable();
		$this->update(function (array &$data) use ($key): void {
			unset($data['system'][$key]);
		});
	}

	public function setUserValue($userId, $appName, $key, $value, $preCondition = null) {
		$this->update(function (array &$data) use ($userId, $appName, $key, $value): void {
			$data['users'][$userId][$appName][$key] = (string)$value;
		});
	}

	public function getUserValue($userId, $appName, $key, $default = '') {
		return $this->read()['users'][$userId][$appName][$key] ?? $default;
	}

	public function deleteUserValue($userId, $appName, $key) {
		$this->update(function (array &$data) use ($userId, $appName, $key): void {
			unset($data['users'][$userId][$appName][$key]);
		});
	}

	/** Every system value, i.e. what config.php holds (test inspection). @return array<string, mixed> */
	public function getSystemValues(): array {
		return $this->read()['system'];
	}

	/** Every stored preference of one app for one user (test inspection). @return array<string, string> */
	public function getUserValues(string $userId, string $appName): array {
		return $this->read()['users'][$userId][$appName] ?? [];
	}

	protected function read(): array {
		return $this->data;
	}

	/**
	 * As lib/private/Config.php (source: nextcloud/server, checkReadOnly/writeData): a change of config.php throws
	 * while `config_is_read_only` is set; setting an unchanged value or deleting a missing key writes nothing.
	 *
	 * @throws HintException
	 */
	private function assertConfigWritable(): void {
		if ($this->read()['system']['config_is_read_only'] ?? false) {
			throw new HintException('Config is set to be read-only via option "config_is_read_only".', 'Unset "config_is_read_only" to allow changes to the config file.');
		}
	}

	/** @param callable(array): void $change */
	protected function update(callable $change): void {
		$change($this->data);
	}

	public function deleteAllUserValues($userId) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function deleteAppFromAllUsers($appName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function deleteAppValue($appName, $key) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function deleteAppValues($appName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getAllUserValues(string $userId): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getAppKeys($appName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getAppValue($appName, $key, $default = '') {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getFilteredSystemValue($key, $default = '') {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSystemValueInt(string $key, int $default = 0): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getUserKeys($userId, $appName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getUsersForUserValue($appName, $key, $value) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getUserValueForUsers($appName, $key, $userIds) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setAppValue($appName, $key, $value) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setSystemValues(array $configs) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

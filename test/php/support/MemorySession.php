<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// ISession kept in memory; FileBackedSession persists the same data for the harness.
namespace OCA\McpCompanion\Tests\Support;

use OCP\ISession;

class MemorySession implements ISession {
	/** @var array<string, mixed> */
	private array $values = [];

	public function set(string $key, $value) {
		$this->update(function (array &$values) use ($key, $value): void {
			$values[$key] = $value;
		});
	}

	public function get(string $key) {
		return $this->read()[$key] ?? null;
	}

	public function exists(string $key): bool {
		return array_key_exists($key, $this->read());
	}

	public function remove(string $key) {
		$this->update(function (array &$values) use ($key): void {
			unset($values[$key]);
		});
	}

	/** @return array<string, mixed> */
	protected function read(): array {
		return $this->values;
	}

	/** @param callable(array): void $change */
	protected function update(callable $change): void {
		$change($this->values);
	}

	public function clear() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function close() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getId(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function regenerateId(bool $deleteOldSession = true, bool $updateToken = false) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function reopen(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

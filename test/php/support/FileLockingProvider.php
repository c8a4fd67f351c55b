<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// OCP\Lock\ILockingProvider over flock() on files in one folder, so that locks hold across PHP processes.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Lock\ILockingProvider;
use OCP\Lock\LockedException;

/**
 * Like Nextcloud's DB and memcache providers (lib/private/Lock/), acquireLock() never waits: it throws
 * LockedException when another holder has a conflicting lock. Every acquisition opens its own handle, so a second
 * exclusive lock on one path fails in the same process too. The operating system releases what a process held
 * when it ends, as Nextcloud's releaseAll() does at the end of a request.
 */
class FileLockingProvider implements ILockingProvider {
	/** @var array<string, list<array{type: int, handle: resource}>> */
	private array $held = [];

	public function __construct(
		private string $directory,
	) {
		if (!is_dir($directory)) {
			mkdir($directory, 0700, true);
		}
	}

	public function acquireLock(string $path, int $type, ?string $readablePath = null): void {
		$handle = fopen($this->directory . '/lock-' . sha1($path), 'c');
		if ($handle === false || !flock($handle, ($type === self::LOCK_EXCLUSIVE ? LOCK_EX : LOCK_SH) | LOCK_NB)) {
			if ($handle !== false) {
				fclose($handle);
			}
			throw new LockedException($path, null, null, $readablePath);
		}
		$this->held[$path][] = ['type' => $type, 'handle' => $handle];
	}

	public function releaseLock(string $path, int $type): void {
		foreach ($this->held[$path] ?? [] as $index => $lock) {
			if ($lock['type'] === $type) {
				flock($lock['handle'], LOCK_UN);
				fclose($lock['handle']);
				array_splice($this->held[$path], $index, 1);
				return;
			}
		}
	}

	public function releaseAll(): void {
		foreach ($this->held as $path => $locks) {
			foreach ($locks as $lock) {
				$this->releaseLock($path, $lock['type']);
			}
		}
	}

	public function isLocked(string $path, int $type): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function changeLock(string $path, int $targetType): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

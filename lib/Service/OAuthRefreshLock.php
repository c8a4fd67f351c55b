<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Per-user lock: at most one OAuth refresh in flight for each user, across PHP processes and web servers.
namespace OCA\McpCompanion\Service;

use OCP\Lock\ILockingProvider;
use OCP\Lock\LockedException;

/**
 * Built on Nextcloud's locking provider: memcache.locking (Redis) when configured, else the database table
 * oc_file_locks. Its locks never wait, so acquiring polls for up to WAIT_SECONDS. A lock left by a request
 * that died is released by Nextcloud at the end of that request, or expires after `filelocking.ttl` (1 h). With
 * `filelocking.enabled` set to false the provider locks nothing; OAuthTokenService stays safe then because it reads
 * the tokens again before it refreshes and forgets them only when they are still the ones it used.
 */
class OAuthRefreshLock {
	/** Longer than one token request (15 s) plus the discovery before it. */
	public const WAIT_SECONDS = 20.0;
	private const POLL_MICROSECONDS = 100_000;

	public function __construct(
		private ILockingProvider $locking,
		private float $waitSeconds = self::WAIT_SECONDS,
	) {
	}

	/**
	 * Runs $task while holding the user's refresh lock.
	 *
	 * @template T
	 * @param callable(): T $task
	 * @return T
	 * @throws LockedException another request held the lock for longer than the wait (WAIT_SECONDS)
	 */
	public function runExclusively(string $userId, callable $task): mixed {
		$key = self::buildKey($userId);
		$this->acquire($key);
		try {
			return $task();
		} finally {
			$this->locking->releaseLock($key, ILockingProvider::LOCK_EXCLUSIVE);
		}
	}

	/** oc_file_locks.key holds 64 characters: the user id goes in as a hash (60 characters in all). */
	public static function buildKey(string $userId): string {
		return 'mcp_companion/oauth-refresh/' . md5($userId);
	}

	/** @throws LockedException */
	private function acquire(string $key): void {
		$deadline = microtime(true) + $this->waitSeconds;
		while (true) {
			try {
				$this->locking->acquireLock($key, ILockingProvider::LOCK_EXCLUSIVE, 'MCP server sign-in refresh');
				return;
			} catch (LockedException $e) {
				if (microtime(true) >= $deadline) {
					throw $e;
				}
				usleep(self::POLL_MICROSECONDS);
			}
		}
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IUserManager that knows a fixed list of user ids (answers userExists and getDisplayName).
namespace OCA\McpCompanion\Tests\Support;

use Closure;
use Iterator;
use OCP\IUserManager;
use OCP\UserInterface;

class StaticUserManager implements IUserManager {
	/** @param list<string> $userIds */
	public function __construct(
		private array $userIds,
	) {
	}

	public function userExists($uid) {
		return in_array($uid, $this->userIds, true);
	}

	public function getDisplayName(string $uid): ?string {
		return $this->userExists($uid) ? $uid : null;
	}

	public function callForAllUsers(Closure $callback, $search = '') {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function callForSeenUsers(Closure $callback) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function checkPassword($loginName, $password) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function clearBackends() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function countDisabledUsers() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function countSeenUsers() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function countUsers() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function countUsersTotal(int $limit = 0, bool $onlyMappedUsers = false): int|false {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function createUser($uid, $password) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function createUserFromBackend($uid, $password, UserInterface $backend) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function get($uid) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getBackends() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getByEmail($email) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getDisabledUsers(?int $limit = null, int $offset = 0, string $search = ''): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getLastLoggedInUsers(?int $limit = null, int $offset = 0, string $search = ''): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSeenUsers(int $offset = 0, ?int $limit = null): Iterator {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function registerBackend(UserInterface $backend) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function removeBackend(UserInterface $backend) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function search($pattern, $limit = null, $offset = null) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function searchDisplayName($pattern, $limit = null, $offset = null) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function searchKnownUsersByDisplayName(string $searcher, string $pattern, ?int $limit = null, ?int $offset = null): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function validateUserId(string $uid, bool $checkDataDirectory = false): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

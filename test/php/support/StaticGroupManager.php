<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IGroupManager that knows which users are administrators.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IGroupManager;
use OCP\IUser;

class StaticGroupManager implements IGroupManager {
	/** @param list<string> $admins */
	public function __construct(
		private array $admins = [],
	) {
	}

	public function isAdmin($userId) {
		return in_array($userId, $this->admins, true);
	}

	public function addBackend($backend) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function clearBackends() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function createGroup($gid) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function displayNamesInGroup($gid, $search = '', $limit = -1, $offset = 0) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function get($gid) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getBackends() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getDisplayName(string $groupId): ?string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getUserGroupIds(IUser $user): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getUserGroups(?IUser $user = null) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function groupExists($gid) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function isBackendUsed($backendClass) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function isDelegatedAdmin(string $userId): bool {
		return false;
	}

	public function isInGroup($userId, $group) {
		return $group === 'admin' && $this->isAdmin($userId);
	}

	public function search(string $search, ?int $limit = null, ?int $offset = 0) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IGroupManager that knows which users are administrators, and the members of some groups.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IGroupManager;
use OCP\IUser;

class StaticGroupManager implements IGroupManager {
	/**
	 * @param list<string> $admins
	 * @param array<string, list<string>> $members group id => user ids, in order
	 */
	public function __construct(
		private array $admins = [],
		private array $members = [],
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

	/** unverified: [user id => display name], at most $limit (source: nextcloud/server lib/private/Group/Manager.php). */
	public function displayNamesInGroup($gid, $search = '', $limit = -1, $offset = 0) {
		$members = array_slice($this->members[$gid] ?? [], (int)$offset, $limit === -1 ? null : (int)$limit);
		return array_combine($members, array_map(static fn (string $id): string => ucfirst($id), $members));
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

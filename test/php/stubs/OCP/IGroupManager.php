<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IGroupManager, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IGroupManager {
	public function addBackend($backend);

	public function clearBackends();

	public function createGroup($gid);

	public function displayNamesInGroup($gid, $search = '', $limit = -1, $offset = 0);

	public function get($gid);

	public function getBackends();

	public function getDisplayName(string $groupId): ?string;

	public function getUserGroupIds(IUser $user): array;

	public function getUserGroups(?IUser $user = null);

	public function groupExists($gid);

	public function isAdmin($userId);

	public function isBackendUsed($backendClass);

	public function isDelegatedAdmin(string $userId): bool;

	public function isInGroup($userId, $group);

	public function search(string $search, ?int $limit = null, ?int $offset = 0);
}

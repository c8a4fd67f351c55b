<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IUserManager, signatures only (checked by StubSignaturesTest).
namespace OCP;

use Closure;
use Iterator;

interface IUserManager {
	public const MAX_PASSWORD_LENGTH = 469;

	public function callForAllUsers(Closure $callback, $search = '');

	public function callForSeenUsers(Closure $callback);

	public function checkPassword($loginName, $password);

	public function clearBackends();

	public function countDisabledUsers();

	public function countSeenUsers();

	public function countUsers();

	public function countUsersTotal(int $limit = 0, bool $onlyMappedUsers = false): int|false;

	public function createUser($uid, $password);

	public function createUserFromBackend($uid, $password, UserInterface $backend);

	public function get($uid);

	public function getBackends();

	public function getByEmail($email);

	public function getDisabledUsers(?int $limit = null, int $offset = 0, string $search = ''): array;

	public function getDisplayName(string $uid): ?string;

	public function getLastLoggedInUsers(?int $limit = null, int $offset = 0, string $search = ''): array;

	public function getSeenUsers(int $offset = 0, ?int $limit = null): Iterator;

	public function registerBackend(UserInterface $backend);

	public function removeBackend(UserInterface $backend);

	public function search($pattern, $limit = null, $offset = null);

	public function searchDisplayName($pattern, $limit = null, $offset = null);

	public function searchKnownUsersByDisplayName(string $searcher, string $pattern, ?int $limit = null, ?int $offset = null): array;

	public function userExists($uid);

	public function validateUserId(string $uid, bool $checkDataDirectory = false): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IConfig, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IConfig {
	public const SENSITIVE_VALUE = '***REMOVED SENSITIVE VALUE***';

	public function deleteAllUserValues($userId);

	public function deleteAppFromAllUsers($appName);

	public function deleteAppValue($appName, $key);

	public function deleteAppValues($appName);

	public function deleteSystemValue($key);

	public function deleteUserValue($userId, $appName, $key);

	public function getAllUserValues(string $userId): array;

	public function getAppKeys($appName);

	public function getAppValue($appName, $key, $default = '');

	public function getFilteredSystemValue($key, $default = '');

	public function getSystemValue($key, $default = '');

	public function getSystemValueBool(string $key, bool $default = false): bool;

	public function getSystemValueInt(string $key, int $default = 0): int;

	public function getSystemValueString(string $key, string $default = ''): string;

	public function getUserKeys($userId, $appName);

	public function getUsersForUserValue($appName, $key, $value);

	public function getUserValue($userId, $appName, $key, $default = '');

	public function getUserValueForUsers($appName, $key, $userIds);

	public function setAppValue($appName, $key, $value);

	public function setSystemValue($key, $value);

	public function setSystemValues(array $configs);

	public function setUserValue($userId, $appName, $key, $value, $preCondition = null);
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\IConfig this app uses, with the real signatures.
namespace OCP;

interface IConfig {
	public const SENSITIVE_VALUE = '***REMOVED SENSITIVE VALUE***';

	public function setSystemValue($key, $value);

	public function getSystemValue($key, $default = '');

	public function getSystemValueBool(string $key, bool $default = false): bool;

	public function getSystemValueString(string $key, string $default = ''): string;

	public function deleteSystemValue($key);

	public function setUserValue($userId, $appName, $key, $value, $preCondition = null);

	public function getUserValue($userId, $appName, $key, $default = '');

	public function deleteUserValue($userId, $appName, $key);
}

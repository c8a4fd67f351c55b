<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Util script/style registry, recording what the app adds so tests can read it.
namespace OCP;

class Util {
	/** @var list<array{app: string, file: string}> scripts added in this process (stub only) */
	public static array $scripts = [];
	/** @var list<array{app: string, file: ?string}> styles added in this process (stub only) */
	public static array $styles = [];

	public static function addScript(string $application, string $file, string $afterAppId = 'core', bool $prepend = false): void {
		self::$scripts[] = ['app' => $application, 'file' => $file];
	}

	public static function addStyle(string $application, ?string $file = null, bool $prepend = false): void {
		self::$styles[] = ['app' => $application, 'file' => $file];
	}
}

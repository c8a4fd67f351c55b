<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\AppFramework\App (no container in tests).
namespace OCP\AppFramework;

class App {
	public function __construct(
		private string $appName,
		array $urlParams = [],
	) {
	}

	public function getAppName(): string {
		return $this->appName;
	}
}

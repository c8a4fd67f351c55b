<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\App (no container in tests).
namespace OCP\AppFramework;

class App {
	public function __construct(string $appName, array $urlParams = []) {
	}

	public static function buildAppNamespace(string $appId, string $topNamespace = 'OCA\\'): string {
		return $topNamespace . ucfirst($appId);
	}

	public function getContainer(): IAppContainer {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public function dispatch(string $controllerName, string $methodName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}
}

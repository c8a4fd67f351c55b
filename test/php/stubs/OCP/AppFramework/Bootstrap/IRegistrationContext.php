<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\AppFramework\Bootstrap\IRegistrationContext this app uses.
namespace OCP\AppFramework\Bootstrap;

interface IRegistrationContext {
	public function registerMiddleware(string $class, bool $global = false): void;

	public function registerEventListener(string $event, string $listener, int $priority = 0): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\AppFramework\Bootstrap\IBootstrap.
namespace OCP\AppFramework\Bootstrap;

interface IBootstrap {
	public function register(IRegistrationContext $context): void;

	public function boot(IBootContext $context): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Bootstrap\IBootstrap, signatures only (checked by StubSignaturesTest).
namespace OCP\AppFramework\Bootstrap;

interface IBootstrap {
	public function boot(IBootContext $context): void;

	public function register(IRegistrationContext $context): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Bootstrap\IBootContext, signatures only (checked by StubSignaturesTest).
namespace OCP\AppFramework\Bootstrap;

use OCP\AppFramework\IAppContainer;
use OCP\IServerContainer;

interface IBootContext {
	public function getAppContainer(): IAppContainer;

	public function getServerContainer(): IServerContainer;

	public function injectFn(callable $fn);
}

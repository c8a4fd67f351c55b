<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\AppFramework\Bootstrap\IBootContext this app could use.
namespace OCP\AppFramework\Bootstrap;

interface IBootContext {
	public function injectFn(callable $fn);
}

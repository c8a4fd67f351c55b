<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IGroupManager that knows which users are administrators.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IGroupManager;

class StaticGroupManager implements IGroupManager {
	/** @param list<string> $admins */
	public function __construct(
		private array $admins = [],
	) {
	}

	public function isAdmin(string $userId): bool {
		return in_array($userId, $this->admins, true);
	}
}

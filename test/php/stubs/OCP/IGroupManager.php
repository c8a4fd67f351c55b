<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\IGroupManager this app uses, with the real signatures.
namespace OCP;

interface IGroupManager {
	public function isAdmin(string $userId): bool;
}

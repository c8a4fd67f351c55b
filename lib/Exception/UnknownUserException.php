<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when a route names a user Nextcloud does not know.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class UnknownUserException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_NOT_FOUND;
	}
}

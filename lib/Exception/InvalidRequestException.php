<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when a user's request to the companion carries a malformed value; nothing was changed.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class InvalidRequestException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_BAD_REQUEST;
	}
}

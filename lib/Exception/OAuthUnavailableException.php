<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when signing in to the MCP server is not possible here: no OAuth client configured, or no provider in its mode.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class OAuthUnavailableException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_SERVICE_UNAVAILABLE;
	}
}

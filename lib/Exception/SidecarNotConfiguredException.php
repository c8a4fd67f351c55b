<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when no MCP server address is configured yet.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class SidecarNotConfiguredException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_SERVICE_UNAVAILABLE;
	}
}

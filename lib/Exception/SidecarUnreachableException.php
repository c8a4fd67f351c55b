<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when the MCP server did not answer (connection refused, timeout, invalid response).
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class SidecarUnreachableException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_BAD_GATEWAY;
	}
}

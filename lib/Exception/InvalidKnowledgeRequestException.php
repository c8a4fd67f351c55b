<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when a search, chunk-context or PDF preview request is out of the MCP server's bounds: refused before forwarding.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class InvalidKnowledgeRequestException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_BAD_REQUEST;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when an administrator submits settings that fail validation.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class InvalidSettingsException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_BAD_REQUEST;
	}
}

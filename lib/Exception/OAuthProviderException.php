<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when Nextcloud's OpenID provider could not be reached, refused a request, or answered something unusable.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class OAuthProviderException extends CompanionException {
	public function getStatus(): int {
		return Http::STATUS_BAD_GATEWAY;
	}
}

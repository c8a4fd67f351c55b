<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when the user has no usable sign-in at the MCP server: never signed in, or the tokens are no longer accepted.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class OAuthSignInRequiredException extends CompanionException {
	/** 403, not 401: Nextcloud's front end treats a 401 from an app route as a lost Nextcloud session. */
	public function getStatus(): int {
		return Http::STATUS_FORBIDDEN;
	}

	/** The one code of the companion's own: the client offers a sign-in (KnowledgeController adds its URL). */
	public function getErrorCode(): string {
		return 'sign_in_required';
	}
}

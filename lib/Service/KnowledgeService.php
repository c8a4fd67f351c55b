<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The user's knowledge routes at the sidecar (search, points, chunk context, PDF preview, sync status), called with
// the user's own sign-in: what the search page and the unified-search provider share.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\OAuthSignInRequiredException;

class KnowledgeService {
	public const SEARCH = '/api/v1/knowledge/search';
	public const SEARCH_POINTS = '/api/v1/knowledge/search/points';
	public const CHUNK_CONTEXT = '/api/v1/knowledge/chunk-context';
	public const PDF_PREVIEW = '/api/v1/pdf-preview';
	public const SYNC_STATUS = '/api/v1/knowledge/status';

	public function __construct(
		private McpSessionService $session,
		private SidecarClient $sidecar,
		private OAuthTokenService $tokens,
	) {
	}

	public function isSignedIn(string $userId): bool {
		return $this->tokens->hasTokens($userId);
	}

	/**
	 * @param array<string, string|int|float> $query
	 * @param array<string, mixed>|null $body
	 * @return array{status: int, body: array<string, mixed>, headers: array<string, string>}
	 * @throws OAuthSignInRequiredException not signed in, or the sidecar no longer accepts the sign-in (then forgotten)
	 * @throws CompanionException the sidecar is not configured or unreachable, or the sign-in could not be renewed
	 */
	public function forward(string $userId, string $method, string $path, array $query = [], ?array $body = null): array {
		return $this->session->callWithToken($userId, fn (string $token): array => $this->sidecar->forward($method, $path, $token, $query, $body));
	}
}

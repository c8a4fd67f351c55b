<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Core's unified-search route for the harness, GET /ocs/v2.php/search/providers/{providerId}/search, as Nextcloud's
// search bar calls it: the companion's real KnowledgeSearchProvider behind core's parameter handling and OCS envelope.

use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\SimpleSearchQuery;
use OCA\McpCompanion\Tests\Support\StaticUser;
use OCP\AppFramework\Http\JSONResponse;

/**
 * The answer to one unified-search request (null: not this route). Core (UnifiedSearchController::search,
 * nextcloud/server master) reads `term`, `limit` (default SearchQuery::LIMIT_DEFAULT 5, kept within 1..25 by
 * `unified-search.max-results-per-request`), `cursor` and `from`, and answers the provider's SearchResult JSON.
 *
 * @param array<string, mixed> $query the request's query string
 * @param array<string, string> $headers the request's headers, names in lower case
 */
function harnessUnifiedSearch(string $path, array $query, array $headers, CompanionWiring $wiring, string $userId): ?JSONResponse {
	if (preg_match('#^/ocs/v2\.php/search/providers/([^/]+)/search$#', $path, $match) !== 1) {
		return null;
	}
	// Without OCS-APIRequest an OCS call answers 412 {"message":"CSRF check failed"} (docs/nextcloud-behaviour.md,
	// "General rules").
	if (strtolower($headers['ocs-apirequest'] ?? '') !== 'true') {
		return new JSONResponse(['message' => 'CSRF check failed'], 412);
	}
	$term = is_string($query['term'] ?? null) ? $query['term'] : '';
	// No term → 400, data "No valid filters provided" (docs/nextcloud-behaviour.md, "Unified search").
	if (trim($term) === '') {
		return harnessOcsResponse(400, 'No valid filters provided');
	}
	// An unknown provider id → 500 (docs/nextcloud-behaviour.md, "Unified search"). The harness serves only the
	// companion's provider.
	if (rawurldecode($match[1]) !== KnowledgeSearchProvider::ID) {
		// unverified: the envelope's statuscode and message for the 500 (source: core's OCS middleware turns the
		// composer's InvalidArgumentException into an "Internal Server Error"; not read from a 32 instance)
		return harnessOcsResponse(500, null, 'Internal Server Error');
	}
	$limit = is_numeric($query['limit'] ?? null) ? (int)$query['limit'] : 5;
	$limit = max(1, min($limit, 25));
	$cursor = $query['cursor'] ?? null;
	$cursor = is_string($cursor) && $cursor !== '' ? (is_numeric($cursor) ? (int)$cursor : $cursor) : null;
	// `from` only orders providers (getOrder); a search ignores it, so the query keeps its default route.
	$result = $wiring->searchProvider()->search(new StaticUser($userId), new SimpleSearchQuery($term, $limit, $cursor));
	// SearchComposer::search hands the provider's SearchResult on; it serializes with the DataResponse.
	return harnessOcsResponse(200, $result);
}

/** An OCS v2 answer in JSON: the HTTP status is the statuscode (docs/nextcloud-behaviour.md, "General rules"). */
function harnessOcsResponse(int $status, mixed $data, string $message = ''): JSONResponse {
	$ok = $status < 400;
	return new JSONResponse(['ocs' => [
		'meta' => ['status' => $ok ? 'ok' : 'failure', 'statuscode' => $status, 'message' => $ok ? 'OK' : $message],
		'data' => $data,
	]], $status);
}

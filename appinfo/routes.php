<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's routes; all live under /index.php/apps/mcp_companion.
return [
	'routes' => [
		['name' => 'credentials#store', 'url' => '/api/v1/background-sync/credentials', 'verb' => 'POST'],
		['name' => 'credentials#revoke', 'url' => '/api/v1/background-sync/credentials', 'verb' => 'DELETE'],
		['name' => 'credentials#status', 'url' => '/api/v1/background-sync/status', 'verb' => 'GET'],
		['name' => 'credentials#server', 'url' => '/api/v1/background-sync/server', 'verb' => 'GET'],
		['name' => 'credentials#startLoginFlow', 'url' => '/api/v1/background-sync/login-flow', 'verb' => 'POST'],
		['name' => 'credentials#pollLoginFlow', 'url' => '/api/v1/background-sync/login-flow/poll', 'verb' => 'POST'],
		['name' => 'credentials#userStatus', 'url' => '/api/v1/background-sync/credentials/{userId}', 'verb' => 'GET'],
		['name' => 'admin_settings#save', 'url' => '/api/v1/admin/settings', 'verb' => 'PUT'],
		['name' => 'admin_settings#testConnection', 'url' => '/api/v1/admin/test-connection', 'verb' => 'POST'],
		['name' => 'o_auth#login', 'url' => '/oauth/login', 'verb' => 'GET'],
		['name' => 'o_auth#callback', 'url' => '/oauth/callback', 'verb' => 'GET'],
		['name' => 'o_auth#logout', 'url' => '/oauth/logout', 'verb' => 'POST'],
		['name' => 'o_auth#session', 'url' => '/api/v1/session', 'verb' => 'GET'],
		['name' => 'o_auth#revoke', 'url' => '/api/v1/session/revoke', 'verb' => 'POST'],
		['name' => 'o_auth#clients', 'url' => '/api/v1/session/clients', 'verb' => 'GET'],
		['name' => 'o_auth#revokeClient', 'url' => '/api/v1/session/clients/revoke', 'verb' => 'POST'],
		['name' => 'page#error', 'url' => '/error', 'verb' => 'GET'],
		['name' => 'page#search', 'url' => '/', 'verb' => 'GET'],
		['name' => 'knowledge#search', 'url' => '/api/v1/knowledge/search', 'verb' => 'POST'],
		['name' => 'knowledge#searchPoints', 'url' => '/api/v1/knowledge/search/points', 'verb' => 'POST'],
		['name' => 'knowledge#chunkContext', 'url' => '/api/v1/knowledge/chunk-context', 'verb' => 'GET'],
		['name' => 'knowledge#pdfPreview', 'url' => '/api/v1/pdf-preview', 'verb' => 'GET'],
		['name' => 'knowledge#syncStatus', 'url' => '/api/v1/knowledge/status', 'verb' => 'GET'],
	],
];

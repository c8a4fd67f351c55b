<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Administrator routes: save the MCP server settings and test the connection to the sidecar.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\ConnectionTester;
use OCA\McpCompanion\Service\SettingsService;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http\JSONResponse;
use OCP\IRequest;

class AdminSettingsController extends Controller {
	public function __construct(
		IRequest $request,
		private SettingsService $settings,
		private ConnectionTester $connection,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	/**
	 * Each field: null or omitted keeps the stored value, '' clears it. The API key and the client secret are never
	 * returned. Answers 400 (error-response.json) when a field is invalid; nothing is stored then.
	 */
	public function save(?string $serverUrl = null, ?string $apiKey = null, ?string $oauthClientId = null, ?string $oauthClientSecret = null): JSONResponse {
		$saved = $this->settings->save($serverUrl, $apiKey, $oauthClientId, $oauthClientSecret);
		return new JSONResponse(['success' => true, 'settings' => $saved]);
	}

	/**
	 * Tests the address and API key the form holds (null or omitted: the saved one, '' none), saved or not.
	 * Answers 200 when the sidecar took an authenticated call (admin-test-connection-success.json, or -warning.json),
	 * else error-response.json with 502 (unreachable, API key missing or refused, other refusal) or 503 (not
	 * configured), written by ErrorMiddleware.
	 */
	public function testConnection(?string $serverUrl = null, ?string $apiKey = null): JSONResponse {
		return new JSONResponse(['success' => true] + $this->connection->test($serverUrl, $apiKey));
	}
}

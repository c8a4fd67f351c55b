<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Administrator routes: save the MCP server settings and test the connection to the sidecar.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Service\SidecarClient;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http\JSONResponse;
use OCP\IRequest;

class AdminSettingsController extends Controller {
	public function __construct(
		IRequest $request,
		private SettingsService $settings,
		private SidecarClient $sidecar,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	/**
	 * @param ?string $apiKey null or omitted keeps the stored key, '' clears it
	 * @param ?string $oauthClientSecret null or omitted keeps the stored secret, '' clears it; never returned
	 */
	public function save(string $serverUrl = '', ?string $apiKey = null, string $oauthClientId = '', ?string $oauthClientSecret = null): JSONResponse {
		$saved = $this->settings->save($serverUrl, $apiKey, $oauthClientId, $oauthClientSecret);
		return new JSONResponse(['success' => true, 'settings' => $saved]);
	}

	/** Answers 200 with the sidecar's status, or the failure body with 502 (unreachable/refused) or 503 (not configured). */
	public function testConnection(): JSONResponse {
		try {
			return new JSONResponse(['success' => true, 'status' => $this->sidecar->fetchStatus()]);
		} catch (CompanionException $e) {
			return new JSONResponse(['success' => false, 'error' => $e->getMessage()], $e->getStatus());
		}
	}
}

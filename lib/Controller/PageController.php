<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's error page: what went wrong with the MCP server connection and how to fix it.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\SettingsService;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\NoCSRFRequired;
use OCP\AppFramework\Http\TemplateResponse;
use OCP\IL10N;
use OCP\IRequest;

class PageController extends Controller {
	public function __construct(
		IRequest $request,
		private SettingsService $settings,
		private IL10N $l,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	#[NoAdminRequired]
	#[NoCSRFRequired]
	public function error(): TemplateResponse {
		return new TemplateResponse(Application::APP_ID, 'error', [
			'title' => $this->l->t('The MCP server is not available'),
			'details' => $this->l->t('The companion could not reach the MCP server, or the server refused the request.'),
			'server_url' => $this->settings->getServerUrl(),
			'help' => $this->l->t('An administrator can check the connection in Administration settings → MCP Companion.'),
			'steps' => [
				$this->l->t('Check that the MCP server is running.'),
				$this->l->t('Check that the MCP server address shown above is reachable from the Nextcloud server.'),
				$this->l->t('If the MCP server requires an API key, check that the same key is configured here.'),
				$this->l->t('Look for errors in the MCP server log and in the Nextcloud log.'),
			],
		]);
	}
}

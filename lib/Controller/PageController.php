<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's pages: the knowledge search (the app's navigation entry) and the error page that says what went
// wrong with the MCP server connection and how to fix it.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\KnowledgeRequestValidator;
use OCA\McpCompanion\Service\KnowledgeService;
use OCA\McpCompanion\Service\SettingsService;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\NoCSRFRequired;
use OCP\AppFramework\Http\TemplateResponse;
use OCP\AppFramework\Services\IInitialState;
use OCP\IGroupManager;
use OCP\IL10N;
use OCP\IRequest;
use OCP\IURLGenerator;
use OCP\Util;

class PageController extends Controller {
	public function __construct(
		IRequest $request,
		private SettingsService $settings,
		private IL10N $l,
		private KnowledgeService $knowledge,
		private IInitialState $initialState,
		private IURLGenerator $urlGenerator,
		private IGroupManager $groupManager,
		private ?string $userId,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	/** The search page; initial state `search`: {signedIn, loginUrl, docTypes}. */
	#[NoAdminRequired]
	#[NoCSRFRequired]
	public function search(): TemplateResponse {
		$this->initialState->provideInitialState('search', [
			'signedIn' => $this->knowledge->isSignedIn((string)$this->userId),
			'loginUrl' => $this->urlGenerator->linkToRoute('mcp_companion.o_auth.login', ['target' => 'search']),
			'docTypes' => KnowledgeRequestValidator::DOC_TYPES,
		]);
		Util::addScript(Application::APP_ID, Application::APP_ID . '-search');
		return new TemplateResponse(Application::APP_ID, 'search');
	}

	/**
	 * The error page; the same values go to the template (shown without JavaScript) and to initial state `error`. The
	 * MCP server's address is shown to administrators only: to others it means nothing and tells too much.
	 */
	#[NoAdminRequired]
	#[NoCSRFRequired]
	public function error(): TemplateResponse {
		$isAdmin = $this->userId !== null && $this->groupManager->isAdmin($this->userId);
		$page = [
			'show_server_url' => $isAdmin,
			'title' => $this->l->t('The MCP server is not available'),
			'details' => $this->l->t('The companion could not reach the MCP server, or the server refused the request.'),
			'server_url' => $isAdmin ? $this->settings->getServerUrl() : '',
			'help' => $isAdmin
				? $this->l->t('Check the connection in Administration settings → MCP Companion.')
				: $this->l->t('Please tell your administrator. They can check the connection in Administration settings → MCP Companion.'),
			'steps' => [
				$this->l->t('Check that the MCP server is running.'),
				$isAdmin
					? $this->l->t('Check that the MCP server address shown above is reachable from the Nextcloud server.')
					: $this->l->t('Check that the MCP server is reachable from the Nextcloud server.'),
				$this->l->t('If the MCP server requires an API key, check that the same key is configured here.'),
				$this->l->t('Look for errors in the MCP server log and in the Nextcloud log.'),
			],
		];
		$this->initialState->provideInitialState('error', $page);
		Util::addScript(Application::APP_ID, Application::APP_ID . '-error');
		return new TemplateResponse(Application::APP_ID, 'error', $page);
	}
}

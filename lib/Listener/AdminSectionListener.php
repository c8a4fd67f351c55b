<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// When an admin opens the companion's admin section, logs what is missing from the MCP server settings.
namespace OCA\McpCompanion\Listener;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\SettingsService;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use OCP\EventDispatcher\Event;
use OCP\EventDispatcher\IEventListener;
use Psr\Log\LoggerInterface;

/**
 * The settings app renders every section as the template settings/frame with the parameters
 * activeSectionId and activeSectionType; that is how this listener recognises our section.
 *
 * @template-implements IEventListener<BeforeTemplateRenderedEvent>
 */
class AdminSectionListener implements IEventListener {
	public function __construct(
		private SettingsService $settings,
		private LoggerInterface $logger,
	) {
	}

	public function handle(Event $event): void {
		if (!$event instanceof BeforeTemplateRenderedEvent || !$this->isOurAdminSection($event)) {
			return;
		}
		if (!$this->settings->isServerConfigured()) {
			$this->logger->warning('MCP Companion: no MCP server address is configured; users cannot provision background sync', ['app' => Application::APP_ID]);
		} elseif ($this->settings->getOAuthClientId() === '') {
			$this->logger->warning('MCP Companion: no OAuth client ID is configured; only app-password access to the MCP server will work', ['app' => Application::APP_ID]);
		}
	}

	private function isOurAdminSection(BeforeTemplateRenderedEvent $event): bool {
		$response = $event->getResponse();
		$params = $response->getParams();
		return $event->isLoggedIn()
			&& $response->getApp() === 'settings'
			&& ($params['activeSectionType'] ?? null) === 'admin'
			&& ($params['activeSectionId'] ?? null) === Application::APP_ID;
	}
}

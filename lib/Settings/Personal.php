<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's personal settings form: mount point, initial state and the Vue bundle of the personal page.
namespace OCA\McpCompanion\Settings;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\SettingsService;
use OCP\AppFramework\Http\TemplateResponse;
use OCP\AppFramework\Services\IInitialState;
use OCP\IL10N;
use OCP\IURLGenerator;
use OCP\Settings\ISettings;
use OCP\Util;

class Personal implements ISettings {
	public function __construct(
		private IInitialState $initialState,
		private IURLGenerator $urlGenerator,
		private SettingsService $settings,
		private IL10N $l,
		private ?string $userId,
	) {
	}

	public function getForm(): TemplateResponse {
		$this->initialState->provideInitialState('personal-settings', [
			'user_id' => (string)$this->userId,
			'security_settings_url' => $this->urlGenerator->linkToRoute('settings.PersonalSettings.index', ['section' => 'security']),
			'server_configured' => $this->settings->isServerConfigured(),
			'oauth_available' => $this->settings->isOAuthConfigured(),
			'refresh_token_option' => $this->describeRefreshTokenOption(),
		]);
		Util::addScript(Application::APP_ID, Application::APP_ID . '-personal');
		return new TemplateResponse(Application::APP_ID, 'personal', [], TemplateResponse::RENDER_AS_BLANK);
	}

	/**
	 * Background sync with an OAuth refresh token stays off, and says why: the sync reads files, notes, calendars and
	 * the other apps through WebDAV and OCS, and Nextcloud accepts no OAuth access token there (only app passwords),
	 * so a refresh token, the companion's or one of the MCP server's own, could not reach the data.
	 *
	 * @return array{available: false, reason: string}
	 */
	private function describeRefreshTokenOption(): array {
		return [
			'available' => false,
			'reason' => $this->l->t('Not available: Nextcloud accepts OAuth tokens only for signing in to the MCP server, not for reading your files, notes, calendars and other apps (WebDAV and OCS need an app password). Background sync therefore uses an app password.'),
		];
	}

	public function getSection(): string {
		return Application::APP_ID;
	}

	public function getPriority(): int {
		return 50;
	}
}

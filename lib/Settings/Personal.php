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
use OCP\IURLGenerator;
use OCP\Settings\ISettings;
use OCP\Util;

class Personal implements ISettings {
	public function __construct(
		private IInitialState $initialState,
		private IURLGenerator $urlGenerator,
		private SettingsService $settings,
		private ?string $userId,
	) {
	}

	public function getForm(): TemplateResponse {
		$this->initialState->provideInitialState('personal-settings', [
			'user_id' => (string)$this->userId,
			'security_settings_url' => $this->urlGenerator->linkToRoute('settings.PersonalSettings.index', ['section' => 'security']),
			'server_configured' => $this->settings->isServerConfigured(),
			'oauth_available' => $this->settings->isOAuthConfigured(),
		]);
		Util::addScript(Application::APP_ID, Application::APP_ID . '-personal');
		return new TemplateResponse(Application::APP_ID, 'personal', [], TemplateResponse::RENDER_AS_BLANK);
	}

	public function getSection(): string {
		return Application::APP_ID;
	}

	public function getPriority(): int {
		return 50;
	}
}

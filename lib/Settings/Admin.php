<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's admin settings form: mount point, initial state (never the API key or client secret) and the admin Vue bundle.
namespace OCA\McpCompanion\Settings;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\SettingsService;
use OCP\AppFramework\Http\TemplateResponse;
use OCP\AppFramework\Services\IInitialState;
use OCP\IURLGenerator;
use OCP\Settings\ISettings;
use OCP\Util;

class Admin implements ISettings {
	public function __construct(
		private IInitialState $initialState,
		private IURLGenerator $urlGenerator,
		private SettingsService $settings,
	) {
	}

	public function getForm(): TemplateResponse {
		$this->initialState->provideInitialState('admin-settings', $this->settings->getAdminSettings() + [
			'error_page_url' => $this->urlGenerator->linkToRoute(Application::APP_ID . '.page.error'),
		]);
		Util::addScript(Application::APP_ID, Application::APP_ID . '-admin');
		return new TemplateResponse(Application::APP_ID, 'admin', [], TemplateResponse::RENDER_AS_BLANK);
	}

	public function getSection(): string {
		return Application::APP_ID;
	}

	public function getPriority(): int {
		return 50;
	}
}

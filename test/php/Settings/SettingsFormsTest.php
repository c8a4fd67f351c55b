<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Personal and admin settings: mount points, initial state (never the API key), scripts and sections.
namespace OCA\McpCompanion\Tests\Settings;

use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Settings\Admin;
use OCA\McpCompanion\Settings\AdminSection;
use OCA\McpCompanion\Settings\Personal;
use OCA\McpCompanion\Settings\PersonalSection;
use OCA\McpCompanion\Tests\Support\InMemoryAppConfig;
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\RecordingInitialState;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\StaticUrlGenerator;
use OCA\McpCompanion\Tests\Support\TemplateRenderer;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\Util;
use PHPUnit\Framework\TestCase;

class SettingsFormsTest extends TestCase {
	private InMemoryConfig $config;
	private SettingsService $settings;
	private RecordingInitialState $initialState;
	private StaticUrlGenerator $urls;
	private TemplateRenderer $renderer;

	protected function setUp(): void {
		(new \ReflectionProperty(Util::class, 'scripts'))->setValue(null, []);
		$this->config = new InMemoryConfig();
		$this->settings = new SettingsService(InMemoryAppConfig::withRandomKey(), $this->config, new StaticL10N(), new MemoryLogger());
		$this->initialState = new RecordingInitialState('mcp_companion');
		$this->urls = new StaticUrlGenerator('https://cloud.example.com');
		$this->renderer = new TemplateRenderer(UpstreamTestCase::REPO_ROOT, new StaticL10N());
	}

	public function testPersonalFormProvidesTheMountPointStateAndBundle(): void {
		$this->settings->save(serverUrl: 'http://127.0.0.1:8000');
		$personal = new Personal($this->initialState, $this->urls, $this->settings, new StaticL10N(), 'alice');

		$html = $this->renderer->render($personal->getForm());

		$this->assertSame('<div id="mcp_companion-personal"></div>', trim($html));
		$this->assertSame(['personal-settings' => [
			'user_id' => 'alice',
			'security_settings_url' => '/index.php/settings/user/security',
			'server_configured' => true,
			'oauth_available' => false,
			'refresh_token_option' => [
				'available' => false,
				'reason' => 'Not available: Nextcloud accepts OAuth tokens only for signing in to the MCP server, not for reading your files, notes, calendars and other apps (WebDAV and OCS need an app password). Background sync therefore uses an app password.',
			],
		]], $this->initialState->states);
		$this->assertSame(['mcp_companion/js/mcp_companion-personal'], Util::getScripts());
		$this->assertSame(['mcp_companion', 50], [$personal->getSection(), $personal->getPriority()]);
	}

	public function testPersonalFormOffersSignInWhenAClientAndTheServerAreConfigured(): void {
		$this->settings->save(serverUrl: 'http://127.0.0.1:8000', oauthClientId: 'companion');
		$withClient = new Personal($this->initialState, $this->urls, $this->settings, new StaticL10N(), 'alice');
		$withoutServer = new RecordingInitialState('mcp_companion');

		$withClient->getForm();
		$this->settings->save(serverUrl: '');
		(new Personal($withoutServer, $this->urls, $this->settings, new StaticL10N(), 'alice'))->getForm();

		$this->assertTrue($this->initialState->states['personal-settings']['oauth_available']);
		$this->assertFalse($withoutServer->states['personal-settings']['oauth_available']);
	}

	public function testAdminFormProvidesTheSettingsButNeverTheApiKeyOrClientSecret(): void {
		$this->settings->save(apiKey: 'very-secret-key', oauthClientSecret: 'very-secret-client-secret');
		$admin = new Admin($this->initialState, $this->urls, $this->settings);

		$html = $this->renderer->render($admin->getForm());

		$this->assertSame('<div id="mcp_companion-admin"></div>', trim($html));
		$this->assertSame(['admin-settings' => [
			'server_url' => '',
			'api_key_set' => true,
			'oauth_client_id' => '',
			'oauth_client_secret_set' => true,
			'legacy_system_keys' => [],
			'error_page_url' => '/index.php/apps/mcp_companion/error',
		]], $this->initialState->states);
		$this->assertStringNotContainsString('very-secret-key', $this->initialState->renderInputs());
		$this->assertStringNotContainsString('very-secret-client-secret', $this->initialState->renderInputs());
		$this->assertSame(['mcp_companion/js/mcp_companion-admin'], Util::getScripts());
	}

	public function testSectionsAreNamedAfterTheAppAndHaveAnIcon(): void {
		$l = new StaticL10N();

		foreach ([new PersonalSection($l, $this->urls), new AdminSection($l, $this->urls)] as $section) {
			$this->assertSame(['mcp_companion', 'MCP Companion'], [$section->getID(), $section->getName()]);
			$this->assertFileExists(UpstreamTestCase::REPO_ROOT . '/img/' . basename($section->getIcon()));
		}
	}
}

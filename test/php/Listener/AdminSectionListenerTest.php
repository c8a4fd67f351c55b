<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// AdminSectionListener: warns about missing settings when the companion's admin section renders, and only then.
namespace OCA\McpCompanion\Tests\Listener;

use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Tests\Support\InMemoryAppConfig;
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use OCP\AppFramework\Http\TemplateResponse;
use OCP\EventDispatcher\Event;
use PHPUnit\Framework\TestCase;

class AdminSectionListenerTest extends TestCase {
	private SettingsService $settings;
	private MemoryLogger $logger;
	private AdminSectionListener $listener;

	protected function setUp(): void {
		$this->logger = new MemoryLogger();
		$this->settings = new SettingsService(InMemoryAppConfig::withRandomKey(), new InMemoryConfig(), new StaticL10N(), new MemoryLogger());
		$this->listener = new AdminSectionListener($this->settings, $this->logger);
	}

	public function testWarnsWhenNoServerAddressIsConfigured(): void {
		$this->listener->handle($this->settingsPage('admin', 'mcp_companion'));

		$this->assertCount(1, $this->logger->messages('warning'));
		$this->assertStringContainsString('no MCP server address', $this->logger->messages('warning')[0]);
	}

	public function testWarnsWhenTheOAuthClientIdIsMissing(): void {
		$this->settings->save(serverUrl: 'http://127.0.0.1:8000');

		$this->listener->handle($this->settingsPage('admin', 'mcp_companion'));

		$this->assertStringContainsString('no OAuth client ID', $this->logger->messages('warning')[0]);
	}

	public function testStaysQuietWhenEverythingIsConfigured(): void {
		$this->settings->save(serverUrl: 'http://127.0.0.1:8000', oauthClientId: 'client-1');

		$this->listener->handle($this->settingsPage('admin', 'mcp_companion'));

		$this->assertSame([], $this->logger->records);
	}

	public function testIgnoresOtherPagesAndSections(): void {
		$this->listener->handle($this->settingsPage('admin', 'sharing'));
		$this->listener->handle($this->settingsPage('personal', 'mcp_companion'));
		$this->listener->handle(new BeforeTemplateRenderedEvent(true, new TemplateResponse('files', 'index')));
		$this->listener->handle(new Event());

		$this->assertSame([], $this->logger->records);
	}

	private function settingsPage(string $type, string $section): BeforeTemplateRenderedEvent {
		$response = new TemplateResponse('settings', 'settings/frame', ['activeSectionId' => $section, 'activeSectionType' => $type]);
		return new BeforeTemplateRenderedEvent(true, $response);
	}
}

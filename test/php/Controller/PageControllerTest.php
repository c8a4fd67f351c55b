<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// PageController's error page: translated strings, the configured address and escaping.
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\Controller\PageController;
use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\FileLockingProvider;
use OCA\McpCompanion\Tests\Support\InMemoryAppConfig;
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\SimpleRequest;
use OCA\McpCompanion\Tests\Support\SodiumCrypto;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\StaticUrlGenerator;
use OCA\McpCompanion\Tests\Support\StreamClientService;
use OCA\McpCompanion\Tests\Support\TemplateRenderer;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\NoCSRFRequired;
use PHPUnit\Framework\TestCase;

class PageControllerTest extends TestCase {
	public function testRendersTitleAddressHelpAndTroubleshootingSteps(): void {
		$html = $this->renderErrorPage('http://127.0.0.1:8000', new StaticL10N());

		$this->assertStringContainsString('<h2>The MCP server is not available</h2>', $html);
		$this->assertStringContainsString('<code>http://127.0.0.1:8000</code>', $html);
		$this->assertStringContainsString('Administration settings', $html);
		$this->assertSame(4, substr_count($html, '<li>'));
	}

	public function testHidesTheAddressFromUsersWhoAreNotAdministrators(): void {
		$html = $this->renderErrorPage('http://127.0.0.1:8000', new StaticL10N(), 'bob');

		$this->assertStringNotContainsString('127.0.0.1', $html);
		$this->assertStringNotContainsString('MCP server address', $html);
		$this->assertStringContainsString('Please tell your administrator.', $html);
	}

	public function testSaysWhenNoAddressIsConfigured(): void {
		$html = $this->renderErrorPage(null, new StaticL10N());

		$this->assertStringContainsString('<code>not configured</code>', $html);
	}

	public function testEscapesEveryValue(): void {
		$l = new StaticL10N(['Troubleshooting' => '<b>Fehlersuche</b>']);

		$html = $this->renderErrorPage('http://x/"><script>alert(1)</script>', $l);

		$this->assertStringNotContainsString('<script>', $html);
		$this->assertStringNotContainsString('<b>', $html);
		$this->assertStringContainsString('&lt;script&gt;', $html);
	}

	public function testIsOpenToEverySignedInUserWithoutRequestToken(): void {
		$action = new \ReflectionMethod(PageController::class, 'error');

		$this->assertCount(1, $action->getAttributes(NoAdminRequired::class));
		$this->assertCount(1, $action->getAttributes(NoCSRFRequired::class));
	}

	/** @param ?string $serverUrl stored as it is, without the validation of the admin page */
	private function renderErrorPage(?string $serverUrl, StaticL10N $l, string $userId = 'admin'): string {
		$appConfig = InMemoryAppConfig::withRandomKey();
		if ($serverUrl !== null) {
			$appConfig->setValueString('mcp_companion', SettingsService::KEY_SERVER_URL, $serverUrl);
		}
		$wiring = new CompanionWiring(new InMemoryConfig(), $appConfig, new SodiumCrypto(sodium_crypto_secretbox_keygen()), new StreamClientService(), new StaticUrlGenerator('https://cloud.example.com'), $l, new MemoryLogger(), new FileLockingProvider(sys_get_temp_dir() . '/mcp-companion-page-locks'));
		$response = $wiring->controller(PageController::class, new SimpleRequest(), $userId)->error();
		return (new TemplateRenderer(UpstreamTestCase::REPO_ROOT, $l))->render($response);
	}
}

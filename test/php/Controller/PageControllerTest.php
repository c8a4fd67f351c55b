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
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use OCA\McpCompanion\Tests\Support\SimpleRequest;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\TemplateRenderer;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\NoCSRFRequired;
use PHPUnit\Framework\TestCase;

class PageControllerTest extends TestCase {
	public function testRendersTitleAddressHelpAndTroubleshootingSteps(): void {
		$html = $this->renderErrorPage(new InMemoryConfig([SettingsService::KEY_SERVER_URL => 'http://127.0.0.1:8000']), new StaticL10N());

		$this->assertStringContainsString('<h2>The MCP server is not available</h2>', $html);
		$this->assertStringContainsString('<code>http://127.0.0.1:8000</code>', $html);
		$this->assertStringContainsString('Administration settings', $html);
		$this->assertSame(4, substr_count($html, '<li>'));
	}

	public function testSaysWhenNoAddressIsConfigured(): void {
		$html = $this->renderErrorPage(new InMemoryConfig(), new StaticL10N());

		$this->assertStringContainsString('<code>not configured</code>', $html);
	}

	public function testEscapesEveryValue(): void {
		$config = new InMemoryConfig([SettingsService::KEY_SERVER_URL => 'http://x/"><script>alert(1)</script>']);
		$l = new StaticL10N(['Troubleshooting' => '<b>Fehlersuche</b>']);

		$html = $this->renderErrorPage($config, $l);

		$this->assertStringNotContainsString('<script>', $html);
		$this->assertStringNotContainsString('<b>', $html);
		$this->assertStringContainsString('&lt;script&gt;', $html);
	}

	public function testIsOpenToEverySignedInUserWithoutRequestToken(): void {
		$action = new \ReflectionMethod(PageController::class, 'error');

		$this->assertCount(1, $action->getAttributes(NoAdminRequired::class));
		$this->assertCount(1, $action->getAttributes(NoCSRFRequired::class));
	}

	private function renderErrorPage(InMemoryConfig $config, StaticL10N $l): string {
		$response = (new PageController(new SimpleRequest(), new SettingsService($config, $l), $l))->error();
		return (new TemplateRenderer(UpstreamTestCase::REPO_ROOT, $l))->render($response);
	}
}

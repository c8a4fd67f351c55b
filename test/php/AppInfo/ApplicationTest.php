<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Application::register: the error middleware and the admin section listener.
namespace OCA\McpCompanion\Tests\AppInfo;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCA\McpCompanion\Tests\Support\RecordingRegistrationContext;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use PHPUnit\Framework\TestCase;

class ApplicationTest extends TestCase {
	public function testRegistersTheMiddlewareTheListenerAndTheSearchProviderAndNothingElse(): void {
		$context = new RecordingRegistrationContext();

		(new Application())->register($context);

		$this->assertSame([
			['registerMiddleware', [ErrorMiddleware::class]],
			['registerEventListener', [BeforeTemplateRenderedEvent::class, AdminSectionListener::class]],
			['registerSearchProvider', [KnowledgeSearchProvider::class]],
		], $context->calls);
	}

	public function testInfoXmlIsValidAgainstTheAppStoreSchema(): void {
		$info = new \DOMDocument();
		$info->load(__DIR__ . '/../../../appinfo/info.xml');
		$broken = new \DOMDocument();
		$broken->loadXML(str_replace('<route>mcp_companion.page.search</route>', '<route>search</route>', (string)$info->saveXML()));

		// A copy of ../shared/nextcloud/info.xsd (the app store's schema); xmllint is not installed here, libxml is.
		$this->assertTrue($info->schemaValidate(__DIR__ . '/../fixtures/info.xsd'));
		$this->assertFalse(@$broken->schemaValidate(__DIR__ . '/../fixtures/info.xsd'));
	}

	public function testInfoXmlPutsTheSearchPageInTheAppMenuWithAnIconThatExists(): void {
		$info = simplexml_load_file(__DIR__ . '/../../../appinfo/info.xml');
		$routes = require __DIR__ . '/../../../appinfo/routes.php';

		$navigation = $info->navigations->navigation;
		$this->assertSame('mcp_companion.page.search', (string)$navigation->route);
		$this->assertContains(['name' => 'page#search', 'url' => '/', 'verb' => 'GET'], $routes['routes']);
		$this->assertFileExists(__DIR__ . '/../../../img/' . $navigation->icon);
		$this->assertFileExists(__DIR__ . '/../../../img/' . str_replace('.svg', '-dark.svg', (string)$navigation->icon));
	}

	public function testInfoXmlDeclaresTheAppAndItsSettings(): void {
		$info = simplexml_load_file(__DIR__ . '/../../../appinfo/info.xml');

		$this->assertSame(['mcp_companion', 'McpCompanion', 'MCP Companion'], [(string)$info->id, (string)$info->namespace, (string)$info->name]);
		$this->assertSame(['31', '33'], [(string)$info->dependencies->nextcloud['min-version'], (string)$info->dependencies->nextcloud['max-version']]);
		foreach (['admin', 'admin-section', 'personal', 'personal-section'] as $kind) {
			$this->assertTrue(class_exists((string)$info->settings->{$kind}), $kind);
		}
	}
}

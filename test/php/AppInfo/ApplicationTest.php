<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Application::register: the error middleware, the event listeners and the search provider.
namespace OCA\McpCompanion\Tests\AppInfo;

use OCA\DAV\Events\AddressBookShareUpdatedEvent;
use OCA\DAV\Events\CalendarShareUpdatedEvent;
use OCA\Deck\Event\AclCreatedEvent;
use OCA\Deck\Event\AclDeletedEvent;
use OCA\Deck\Event\CardCreatedEvent;
use OCA\Deck\Event\CardDeletedEvent;
use OCA\Deck\Event\CardUpdatedEvent;
use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Listener\DavShareListener;
use OCA\McpCompanion\Listener\DeckCardListener;
use OCA\McpCompanion\Listener\DeckShareListener;
use OCA\McpCompanion\Listener\ShareEventListener;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCA\McpCompanion\Tests\Support\RecordingRegistrationContext;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use OCP\Share\Events\ShareCreatedEvent;
use OCP\Share\Events\ShareDeletedEvent;
use PHPUnit\Framework\TestCase;

class ApplicationTest extends TestCase {
	public function testRegistersTheMiddlewareTheListenersAndTheSearchProviderAndNothingElse(): void {
		$context = new RecordingRegistrationContext();

		(new Application())->register($context);

		$this->assertSame([
			['registerMiddleware', [ErrorMiddleware::class]],
			['registerEventListener', [BeforeTemplateRenderedEvent::class, AdminSectionListener::class]],
			['registerEventListener', [ShareCreatedEvent::class, ShareEventListener::class]],
			['registerEventListener', [ShareDeletedEvent::class, ShareEventListener::class]],
			['registerEventListener', [CalendarShareUpdatedEvent::class, DavShareListener::class]],
			['registerEventListener', [AddressBookShareUpdatedEvent::class, DavShareListener::class]],
			['registerEventListener', [AclCreatedEvent::class, DeckShareListener::class]],
			['registerEventListener', [AclDeletedEvent::class, DeckShareListener::class]],
			['registerEventListener', [CardCreatedEvent::class, DeckCardListener::class]],
			['registerEventListener', [CardUpdatedEvent::class, DeckCardListener::class]],
			['registerEventListener', [CardDeletedEvent::class, DeckCardListener::class]],
			['registerSearchProvider', [KnowledgeSearchProvider::class]],
		], $context->calls);
	}

	public function testInfoXmlIsValidAgainstTheAppStoreSchemaByXmllint(): void {
		$info = (string)file_get_contents(__DIR__ . '/../../../appinfo/info.xml');
		$broken = tempnam(sys_get_temp_dir(), 'info-xml-');
		file_put_contents($broken, str_replace('<route>mcp_companion.page.search</route>', '<route>search</route>', $info));

		try {
			$valid = self::validateWithXmllint(__DIR__ . '/../../../appinfo/info.xml');
			$invalid = self::validateWithXmllint($broken);
		} finally {
			unlink($broken);
		}

		$this->assertSame([0, 'validates'], [$valid[0], substr($valid[1], -9)], $valid[1]);
		$this->assertNotSame(0, $invalid[0]);
		$this->assertStringContainsString("Element 'route'", $invalid[1]);
	}

	public function testInfoXmlNamesScreenshotsThatAreInTheRepository(): void {
		$info = simplexml_load_file(__DIR__ . '/../../../appinfo/info.xml');
		$prefix = 'https://raw.githubusercontent.com/nextcloud/mcp_companion/main/';

		$screenshots = array_map('strval', iterator_to_array($info->screenshot, false));

		$this->assertNotEmpty($screenshots);
		foreach ($screenshots as $url) {
			$this->assertStringStartsWith($prefix, $url);
			$this->assertFileExists(__DIR__ . '/../../../' . substr($url, strlen($prefix)));
		}
	}

	/**
	 * xmllint (Debian's libxml2-utils, installed by scripts/install-system-packages.sh) against fixtures/info.xsd, a
	 * copy of the app store's schema for info.xml (nextcloud/appstore, nextcloudappstore/api/v1/release/info.xsd at
	 * commit 33b3a2010509).
	 *
	 * @return array{int, string} exit code and xmllint's output
	 */
	private static function validateWithXmllint(string $file): array {
		$command = ['xmllint', '--noout', '--schema', __DIR__ . '/../fixtures/info.xsd', $file];
		$process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
		self::assertIsResource($process, 'xmllint could not be started');
		$output = trim((string)stream_get_contents($pipes[1]));
		fclose($pipes[1]);
		return [proc_close($process), $output];
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

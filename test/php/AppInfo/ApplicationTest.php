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
use OCP\AppFramework\Bootstrap\IRegistrationContext;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use PHPUnit\Framework\TestCase;

class ApplicationTest extends TestCase {
	public function testRegistersTheMiddlewareAndTheListener(): void {
		$context = new class implements IRegistrationContext {
			public array $middlewares = [];
			public array $listeners = [];

			public function registerMiddleware(string $class, bool $global = false): void {
				$this->middlewares[] = [$class, $global];
			}

			public function registerEventListener(string $event, string $listener, int $priority = 0): void {
				$this->listeners[] = [$event, $listener];
			}
		};

		(new Application())->register($context);

		$this->assertSame([[ErrorMiddleware::class, false]], $context->middlewares);
		$this->assertSame([[BeforeTemplateRenderedEvent::class, AdminSectionListener::class]], $context->listeners);
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

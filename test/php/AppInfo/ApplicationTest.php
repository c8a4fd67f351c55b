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
use OCA\McpCompanion\Tests\Support\RecordingRegistrationContext;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use PHPUnit\Framework\TestCase;

class ApplicationTest extends TestCase {
	public function testRegistersTheMiddlewareAndTheListenerAndNothingElse(): void {
		$context = new RecordingRegistrationContext();

		(new Application())->register($context);

		$this->assertSame([
			['registerMiddleware', [ErrorMiddleware::class]],
			['registerEventListener', [BeforeTemplateRenderedEvent::class, AdminSectionListener::class]],
		], $context->calls);
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

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's bootstrap: registers its error middleware, the admin section listener and the unified-search provider.
namespace OCA\McpCompanion\AppInfo;

use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCP\AppFramework\App;
use OCP\AppFramework\Bootstrap\IBootContext;
use OCP\AppFramework\Bootstrap\IBootstrap;
use OCP\AppFramework\Bootstrap\IRegistrationContext;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;

class Application extends App implements IBootstrap {
	public const APP_ID = 'mcp_companion';

	public function __construct(array $urlParams = []) {
		parent::__construct(self::APP_ID, $urlParams);
	}

	public function register(IRegistrationContext $context): void {
		$context->registerMiddleware(ErrorMiddleware::class);
		$context->registerEventListener(BeforeTemplateRenderedEvent::class, AdminSectionListener::class);
		$context->registerSearchProvider(KnowledgeSearchProvider::class);
	}

	public function boot(IBootContext $context): void {
	}
}

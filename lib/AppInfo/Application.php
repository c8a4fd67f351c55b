<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's bootstrap: registers its error middleware, its event listeners (the admin section; shares of files,
// calendars, address books and Deck boards; Deck card changes) and the unified-search provider.
namespace OCA\McpCompanion\AppInfo;

use OCA\DAV\Events\AddressBookShareUpdatedEvent;
use OCA\DAV\Events\CalendarShareUpdatedEvent;
use OCA\Deck\Event\AclCreatedEvent;
use OCA\Deck\Event\AclDeletedEvent;
use OCA\Deck\Event\CardCreatedEvent;
use OCA\Deck\Event\CardDeletedEvent;
use OCA\Deck\Event\CardUpdatedEvent;
use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Listener\DavShareListener;
use OCA\McpCompanion\Listener\DeckCardListener;
use OCA\McpCompanion\Listener\DeckShareListener;
use OCA\McpCompanion\Listener\ShareEventListener;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCP\AppFramework\App;
use OCP\AppFramework\Bootstrap\IBootContext;
use OCP\AppFramework\Bootstrap\IBootstrap;
use OCP\AppFramework\Bootstrap\IRegistrationContext;
use OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent;
use OCP\Share\Events\ShareCreatedEvent;
use OCP\Share\Events\ShareDeletedEvent;

class Application extends App implements IBootstrap {
	public const APP_ID = 'mcp_companion';

	public function __construct(array $urlParams = []) {
		parent::__construct(self::APP_ID, $urlParams);
	}

	public function register(IRegistrationContext $context): void {
		$context->registerMiddleware(ErrorMiddleware::class);
		$context->registerEventListener(BeforeTemplateRenderedEvent::class, AdminSectionListener::class);
		$context->registerEventListener(ShareCreatedEvent::class, ShareEventListener::class);
		$context->registerEventListener(ShareDeletedEvent::class, ShareEventListener::class);
		// The dav app's and Deck's events, registered by name: a listener for a class that never loads is never called, and a
		// class_exists() guard here could see false merely because that app's autoloader is set up after ours.
		$context->registerEventListener(CalendarShareUpdatedEvent::class, DavShareListener::class);
		$context->registerEventListener(AddressBookShareUpdatedEvent::class, DavShareListener::class);
		$context->registerEventListener(AclCreatedEvent::class, DeckShareListener::class);
		$context->registerEventListener(AclDeletedEvent::class, DeckShareListener::class);
		$context->registerEventListener(CardCreatedEvent::class, DeckCardListener::class);
		$context->registerEventListener(CardUpdatedEvent::class, DeckCardListener::class);
		$context->registerEventListener(CardDeletedEvent::class, DeckCardListener::class);
		$context->registerSearchProvider(KnowledgeSearchProvider::class);
	}

	public function boot(IBootContext $context): void {
	}
}

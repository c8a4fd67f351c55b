<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// When a calendar or address book is shared or unshared, tells the MCP server to rescan the calendars or contacts of
// its owner and of everyone added or removed (a group's members included), within seconds instead of minutes.
namespace OCA\McpCompanion\Listener;

use OCA\DAV\Events\AddressBookShareUpdatedEvent;
use OCA\DAV\Events\CalendarShareUpdatedEvent;
use OCA\McpCompanion\Service\RescanNotifier;
use OCA\McpCompanion\Service\ShareAudience;
use OCP\EventDispatcher\Event;
use OCP\EventDispatcher\IEventListener;

/**
 * The dav app's events (an app's classes, not OCP): Application registers this listener only when they exist.
 *
 * @template-implements IEventListener<Event>
 */
class DavShareListener implements IEventListener {
	private const PRINCIPAL = '#^(?:principal:)?principals/(users|groups)/([^/]+)$#';

	public function __construct(
		private ShareAudience $audience,
		private RescanNotifier $notifier,
	) {
	}

	public function handle(Event $event): void {
		if ($event instanceof CalendarShareUpdatedEvent) {
			$users = fn (): array => $this->usersOf($event->getCalendarData(), $event->getAdded(), $event->getRemoved());
			$this->notifier->notifyFromEvent($users, ['calendar_item'], 'calendar_share_changed', 'a calendar share');
		} elseif ($event instanceof AddressBookShareUpdatedEvent) {
			$users = fn (): array => $this->usersOf($event->getAddressBookData(), $event->getAdded(), $event->getRemoved());
			$this->notifier->notifyFromEvent($users, ['contact'], 'address_book_share_changed', 'an address book share');
		}
	}

	/**
	 * The owner is the collection's `principaluri` (`principals/users/alice`, as webhook payloads show it); `added`
	 * holds Sabre's share entries with an `href`, `removed` the hrefs (`principal:principals/users/bob`,
	 * `principal:principals/groups/staff`). unverified: the shapes of added and removed (source: nextcloud/server
	 * apps/dav/lib/Events/CalendarShareUpdatedEvent.php's psalm types and sabre/dav's IShareable::updateShares).
	 *
	 * @param array<array-key, mixed> $collection
	 * @param array<array-key, mixed> $added
	 * @param array<array-key, mixed> $removed
	 * @return list<string>
	 */
	private function usersOf(array $collection, array $added, array $removed): array {
		$hrefs = [$collection['principaluri'] ?? null, ...$removed];
		foreach ($added as $share) {
			$hrefs[] = is_array($share) ? ($share['href'] ?? null) : null;
		}
		$users = [];
		foreach ($hrefs as $href) {
			if (!is_string($href) || preg_match(self::PRINCIPAL, $href, $match) !== 1) {
				continue;
			}
			$id = rawurldecode($match[2]);
			$users = [...$users, ...($match[1] === 'users' ? [$id] : $this->audience->groupMembers($id))];
		}
		return array_values(array_unique($users));
	}
}

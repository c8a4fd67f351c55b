<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// DavShareListener against the router playing the sidecar: a calendar or address book shared or unshared becomes a
// rescan notice of its calendars or contacts for the owner and everyone added or removed, groups expanded.
namespace OCA\McpCompanion\Tests\Listener;

use OCA\DAV\Events\AddressBookShareUpdatedEvent;
use OCA\DAV\Events\CalendarShareUpdatedEvent;
use OCA\McpCompanion\Listener\DavShareListener;
use OCA\McpCompanion\Service\ShareAudience;
use OCA\McpCompanion\Tests\Support\StaticGroupManager;
use OCA\McpCompanion\Tests\UpstreamTestCase;

class DavShareListenerTest extends UpstreamTestCase {
	private const NOTICES = '/api/v1/knowledge/rescan-notices';

	public function testACalendarSharedWithAUserAndAGroupNamesOwnerRecipientAndMembersForCalendarItems(): void {
		$added = [
			['href' => 'principal:principals/users/bob', 'commonName' => 'Bob', 'status' => 1, 'readOnly' => true],
			['href' => 'principal:principals/groups/staff', 'commonName' => 'Staff', 'status' => 1, 'readOnly' => false],
		];
		$event = new CalendarShareUpdatedEvent(100, ['id' => 100, 'uri' => 'personal', 'principaluri' => 'principals/users/alice'], [], $added, []);

		$this->listener(['staff' => ['carol', 'bob']])->handle($event);

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['user_ids' => ['alice', 'bob', 'carol'], 'doc_types' => ['calendar_item'], 'reason' => 'calendar_share_changed'], json_decode($notice['body'], true));
	}

	public function testAnAddressBookUnsharedFromAUserNamesOwnerAndFormerRecipientForContacts(): void {
		$event = new AddressBookShareUpdatedEvent(5, ['id' => 5, 'uri' => 'contacts', 'principaluri' => 'principals/users/alice'], [], [], ['principal:principals/users/bob']);

		$this->listener()->handle($event);

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['user_ids' => ['alice', 'bob'], 'doc_types' => ['contact'], 'reason' => 'address_book_share_changed'], json_decode($notice['body'], true));
	}

	public function testHrefsThatNameNoUserOrGroupAreLeftOut(): void {
		$added = [['href' => 'mailto:someone@example.com'], 'not an entry', ['commonName' => 'no href']];
		$event = new CalendarShareUpdatedEvent(100, ['principaluri' => 'principals/users/alice'], [], $added, ['principals/system/system', 42]);

		$this->listener()->handle($event);

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['alice'], json_decode($notice['body'], true)['user_ids']);
	}

	/** @param array<string, list<string>> $groups */
	private function listener(array $groups = []): DavShareListener {
		$audience = new ShareAudience(new StaticGroupManager([], $groups), $this->logger);
		return new DavShareListener($audience, $this->wiring->rescanNotifier());
	}
}

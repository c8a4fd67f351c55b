<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// ShareEventListener against the router playing the sidecar: a share made or removed becomes one rescan notice naming
// everyone it reaches (a group's members up to a bound), and no problem at the sidecar reaches the sharer's request.
namespace OCA\McpCompanion\Tests\Listener;

use OCA\McpCompanion\Listener\ShareEventListener;
use OCA\McpCompanion\Service\ShareAudience;
use OCA\McpCompanion\Tests\Support\StaticGroupManager;
use OCA\McpCompanion\Tests\Support\StaticShare;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\EventDispatcher\Event;
use OCP\Share\Events\ShareCreatedEvent;
use OCP\Share\Events\ShareDeletedEvent;
use OCP\Share\IShare;

class ShareEventListenerTest extends UpstreamTestCase {
	private const NOTICES = '/api/v1/knowledge/rescan-notices';
	private const API_KEY = 'management-key-of-the-sidecar';

	protected function setUp(): void {
		parent::setUp();
		$this->saveSettings(apiKey: self::API_KEY);
		$this->setUpstreamBehaviour(['sidecar_api_key' => self::API_KEY]);
	}

	public function testAUserShareNamesOwnerAndRecipientForTheFileAndNoteSourcesWithTheManagementKey(): void {
		$share = new StaticShare('7', IShare::TYPE_USER, 'bob', 'alice', 'alice');

		$this->listener()->handle(new ShareCreatedEvent($share));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['POST', self::API_KEY], [$notice['method'], $notice['headers']['x-api-key'] ?? null]);
		$this->assertSame(['user_ids' => ['alice', 'bob'], 'doc_types' => ['file', 'note'], 'reason' => 'share_created'], json_decode($notice['body'], true));
		$this->assertSame([], $this->logger->messages('warning'));
	}

	public function testAnUnshareNamesTheSameUsersWithItsOwnReason(): void {
		$share = new StaticShare('7', IShare::TYPE_USER, 'bob', 'carol', 'alice');

		$this->listener()->handle(new ShareDeletedEvent($share));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['user_ids' => ['alice', 'carol', 'bob'], 'doc_types' => ['file', 'note'], 'reason' => 'share_deleted'], json_decode($notice['body'], true));
	}

	public function testAGroupShareNamesItsMembersInBatchesOfAHundredUpToTheBoundAndLogsTheRest(): void {
		$members = array_map(static fn (int $i): string => "member$i", range(1, ShareAudience::MAX_GROUP_MEMBERS + 20));
		$share = new StaticShare('8', IShare::TYPE_GROUP, 'staff', 'alice', 'alice');

		$this->listener(['staff' => $members])->handle(new ShareCreatedEvent($share));

		$named = array_merge(...array_map(fn (array $request): array => json_decode($request['body'], true)['user_ids'], $this->upstreamRequests(self::NOTICES)));
		$this->assertCount(4, $this->upstreamRequests(self::NOTICES));
		$this->assertSame(['alice', ...array_slice($members, 0, ShareAudience::MAX_GROUP_MEMBERS)], $named);
		$this->assertStringContainsString('more members than a rescan notice names', $this->logger->messages('warning')[0]);
	}

	public function testALinkShareNamesOnlyItsOwnerAndSharer(): void {
		$share = new StaticShare('9', IShare::TYPE_LINK, null, 'bob', 'alice');

		$this->listener()->handle(new ShareCreatedEvent($share));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['alice', 'bob'], json_decode($notice['body'], true)['user_ids']);
	}

	public function testAnUnreachableServerIsLoggedAndNeverThrown(): void {
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$this->listener()->handle(new ShareCreatedEvent(new StaticShare('7', IShare::TYPE_USER, 'bob', 'alice', 'alice')));

		$this->assertStringContainsString('next scheduled scan picks them up', implode("\n", $this->logger->messages('warning')));
	}

	public function testASlowServerHoldsTheRequestUpForAboutTwoSecondsAtMost(): void {
		$this->setUpstreamBehaviour(['sidecar_api_key' => self::API_KEY, 'sidecar_rescan' => 'slow']);
		$started = microtime(true);

		$this->listener()->handle(new ShareCreatedEvent(new StaticShare('7', IShare::TYPE_USER, 'bob', 'alice', 'alice')));

		$elapsed = microtime(true) - $started;
		// The router serves one request at a time: let it finish this one before the next test sends its own.
		usleep(1_500_000);
		$this->assertLessThan(2.8, $elapsed);
		$this->assertStringContainsString('next scheduled scan picks them up', implode("\n", $this->logger->messages('warning')));
	}

	public function testUsersTheServerDoesNotSyncAreNoWarningOfTheListener(): void {
		$this->setUpstreamBehaviour(['sidecar_api_key' => self::API_KEY, 'sidecar_rescan' => 'unknown']);

		$this->listener()->handle(new ShareCreatedEvent(new StaticShare('7', IShare::TYPE_USER, 'bob', 'alice', 'alice')));

		$this->assertCount(1, $this->upstreamRequests(self::NOTICES));
		$this->assertStringContainsString('no user of a rescan notice is synced', $this->logger->messages('debug')[0]);
		$this->assertSame([], array_filter($this->logger->messages('warning'), static fn (string $m): bool => str_contains($m, 'rescan')));
	}

	public function testWithoutAConfiguredServerNothingIsSentOrLogged(): void {
		$this->saveSettings(serverUrl: '');

		$this->listener()->handle(new ShareCreatedEvent(new StaticShare('7', IShare::TYPE_USER, 'bob', 'alice', 'alice')));

		$this->assertSame([], $this->upstreamRequests(self::NOTICES));
		$this->assertSame([], $this->logger->messages('warning'));
	}

	public function testOtherEventsSendNothing(): void {
		$this->listener()->handle(new Event());

		$this->assertSame([], $this->upstreamRequests(self::NOTICES));
	}

	/** @param array<string, list<string>> $groups */
	private function listener(array $groups = []): ShareEventListener {
		$audience = new ShareAudience(new StaticGroupManager([], $groups), $this->logger);
		return new ShareEventListener($audience, $this->wiring->rescanNotifier());
	}
}

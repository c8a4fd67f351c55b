<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// DeckShareListener against the router playing the sidecar: a board shared with or unshared from a user or group
// becomes a rescan notice of Deck cards for that user or the group's members; a team share is logged, not expanded.
namespace OCA\McpCompanion\Tests\Listener;

use OCA\Deck\Db\Acl;
use OCA\Deck\Event\AclCreatedEvent;
use OCA\Deck\Event\AclDeletedEvent;
use OCA\McpCompanion\Listener\DeckShareListener;
use OCA\McpCompanion\Service\ShareAudience;
use OCA\McpCompanion\Tests\Support\StaticGroupManager;
use OCA\McpCompanion\Tests\UpstreamTestCase;

class DeckShareListenerTest extends UpstreamTestCase {
	private const NOTICES = '/api/v1/knowledge/rescan-notices';

	public function testABoardSharedWithAUserNamesThatUserForDeckCards(): void {
		$this->listener()->handle(new AclCreatedEvent($this->acl('bob', Acl::PERMISSION_TYPE_USER)));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['user_ids' => ['bob'], 'doc_types' => ['deck_card'], 'reason' => 'deck_board_shared'], json_decode($notice['body'], true));
	}

	public function testABoardUnsharedFromAGroupNamesItsMembers(): void {
		$this->listener(['staff' => ['carol', 'dave']])->handle(new AclDeletedEvent($this->acl('staff', Acl::PERMISSION_TYPE_GROUP)));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['user_ids' => ['carol', 'dave'], 'doc_types' => ['deck_card'], 'reason' => 'deck_board_unshared'], json_decode($notice['body'], true));
	}

	public function testATeamShareSendsNothingAndSaysSo(): void {
		$this->listener()->handle(new AclCreatedEvent($this->acl('team-1', Acl::PERMISSION_TYPE_CIRCLE)));

		$this->assertSame([], $this->upstreamRequests(self::NOTICES));
		$this->assertStringContainsString('team is left to its members', $this->logger->messages('info')[0]);
	}

	private function acl(string $participant, int $type): Acl {
		$acl = new Acl();
		$acl->setParticipant($participant);
		$acl->setType($type);
		$acl->setBoardId(42);
		return $acl;
	}

	/** @param array<string, list<string>> $groups */
	private function listener(array $groups = []): DeckShareListener {
		$audience = new ShareAudience(new StaticGroupManager([], $groups), $this->logger);
		return new DeckShareListener($audience, $this->wiring->rescanNotifier(), $this->logger);
	}
}

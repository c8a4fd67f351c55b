<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// DeckCardListener against the router playing the sidecar: a card created, edited, moved or deleted becomes a rescan
// notice of Deck cards for its board's owner, the users and group members it is shared with (bounded, the rest
// logged), and for a card moved from another board, that board's users too.
namespace OCA\McpCompanion\Tests\Listener;

use OCA\Deck\Db\Acl;
use OCA\Deck\Db\Board;
use OCA\Deck\Db\BoardMapper;
use OCA\Deck\Db\Card;
use OCA\Deck\Db\StackMapper;
use OCA\Deck\Event\CardCreatedEvent;
use OCA\Deck\Event\CardDeletedEvent;
use OCA\Deck\Event\CardUpdatedEvent;
use OCA\McpCompanion\Listener\DeckCardListener;
use OCA\McpCompanion\Service\DeckBoardAudience;
use OCA\McpCompanion\Service\ShareAudience;
use OCA\McpCompanion\Tests\Support\StaticGroupManager;
use OCA\McpCompanion\Tests\UpstreamTestCase;

class DeckCardListenerTest extends UpstreamTestCase {
	private const NOTICES = '/api/v1/knowledge/rescan-notices';
	/** A list of board 7, the board the tests give; LIST_ON_BOARD_8 is a list of the second board. */
	public const LIST_ON_BOARD_7 = 3;
	public const LIST_ON_BOARD_8 = 4;

	public function testAnEditedCardNamesTheBoardsOwnerItsUsersAndItsGroupsMembers(): void {
		$board = $this->board('alice', [[Acl::PERMISSION_TYPE_USER, 'bob'], [Acl::PERMISSION_TYPE_GROUP, 'staff']]);

		$this->listener($board, ['staff' => ['carol', 'bob']])->handle(new CardUpdatedEvent($this->card(self::LIST_ON_BOARD_7)));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['user_ids' => ['alice', 'bob', 'carol'], 'doc_types' => ['deck_card'], 'reason' => 'deck_card_updated'], json_decode($notice['body'], true));
	}

	public function testCreatedAndDeletedCardsSayWhatHappened(): void {
		$listener = $this->listener($this->board('alice', []));

		$listener->handle(new CardCreatedEvent($this->card(self::LIST_ON_BOARD_7)));
		$listener->handle(new CardDeletedEvent($this->card(self::LIST_ON_BOARD_7)));

		$reasons = array_map(static fn (array $notice): mixed => json_decode($notice['body'], true)['reason'], $this->upstreamRequests(self::NOTICES));
		$this->assertSame(['deck_card_created', 'deck_card_deleted'], $reasons);
	}

	public function testABoardWithMoreUsersThanTheBoundNamesTheBoundAndLogsTheRest(): void {
		$users = array_map(static fn (int $i): array => [Acl::PERMISSION_TYPE_USER, "user$i"], range(1, DeckBoardAudience::MAX_BOARD_USERS + 4));

		$this->listener($this->board('alice', $users))->handle(new CardUpdatedEvent($this->card(self::LIST_ON_BOARD_7)));

		$named = array_merge(...array_map(static fn (array $notice): array => json_decode($notice['body'], true)['user_ids'], $this->upstreamRequests(self::NOTICES)));
		$this->assertCount(DeckBoardAudience::MAX_BOARD_USERS, $named);
		$this->assertSame('alice', $named[0]);
		$this->assertStringContainsString('more users than a rescan notice names', $this->logger->messages('warning')[0]);
	}

	public function testATeamShareIsLoggedAndTheOtherUsersAreStillNamed(): void {
		$board = $this->board('alice', [[Acl::PERMISSION_TYPE_CIRCLE, 'team-1']]);

		$this->listener($board)->handle(new CardUpdatedEvent($this->card(self::LIST_ON_BOARD_7)));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['alice'], json_decode($notice['body'], true)['user_ids']);
		$this->assertStringContainsString('shared with teams', $this->logger->messages('info')[0]);
	}

	public function testACardMovedFromAnotherBoardNamesTheUsersOfBothBoards(): void {
		$listener = $this->listener($this->board('alice', [[Acl::PERMISSION_TYPE_USER, 'bob']]), [], $this->board('erin', [[Acl::PERMISSION_TYPE_USER, 'frank']]));

		$listener->handle(new CardUpdatedEvent($this->card(self::LIST_ON_BOARD_7), $this->card(self::LIST_ON_BOARD_8)));

		[$notice] = $this->upstreamRequests(self::NOTICES);
		$this->assertSame(['alice', 'bob', 'erin', 'frank'], json_decode($notice['body'], true)['user_ids']);
	}

	public function testACardWhoseListHasNoBoardSendsNothingAndSaysSo(): void {
		$this->listener($this->board('alice', []))->handle(new CardUpdatedEvent($this->card(99)));

		$this->assertSame([], $this->upstreamRequests(self::NOTICES));
		$this->assertStringContainsString('has no board', $this->logger->messages('info')[0]);
	}

	public function testADeletedBoardIsLoggedAsAnErrorAndNotThrown(): void {
		$this->listener(null)->handle(new CardDeletedEvent($this->card(self::LIST_ON_BOARD_7)));

		$this->assertSame([], $this->upstreamRequests(self::NOTICES));
		$this->assertStringContainsString('a Deck card change could not be passed on', $this->logger->messages('error')[0]);
	}

	private function card(int $listId): Card {
		$card = new Card();
		$card->setId(11);
		$card->setStackId($listId);
		return $card;
	}

	/** @param list<array{int, string}> $shares */
	private function board(string $owner, array $shares): Board {
		$board = new Board();
		$board->setOwner($owner);
		$board->setAcl(array_map(static function (array $share): Acl {
			$acl = new Acl();
			$acl->setType($share[0]);
			$acl->setParticipant($share[1]);
			$acl->setBoardId(7);
			return $acl;
		}, $shares));
		return $board;
	}

	/**
	 * Deck's mappers answering from memory: LIST_ON_BOARD_7 is on board 7, which is `$board` (null: deleted), and
	 * LIST_ON_BOARD_8 on board 8, `$otherBoard`.
	 *
	 * @param array<string, list<string>> $groups
	 */
	private function listener(?Board $board, array $groups = [], ?Board $otherBoard = null): DeckCardListener {
		$stacks = new class extends StackMapper {
			public function findBoardId($id): ?int {
				return [DeckCardListenerTest::LIST_ON_BOARD_7 => 7, DeckCardListenerTest::LIST_ON_BOARD_8 => 8][$id] ?? null;
			}
		};
		$boards = new class([7 => $board, 8 => $otherBoard]) extends BoardMapper {
			/** @param array<int, ?Board> $boards */
			public function __construct(
				private array $boards,
			) {
			}

			public function find(int $id, bool $withLabels = false, bool $withAcl = false, bool $allowDeleted = false): Board {
				$board = $this->boards[$id] ?? null;
				if ($board === null || !$withAcl) {
					throw new \RuntimeException('no such board (Deck throws DoesNotExistException)');
				}
				return $board;
			}
		};
		$audience = new DeckBoardAudience($stacks, $boards, new ShareAudience(new StaticGroupManager([], $groups), $this->logger), $this->logger);
		return new DeckCardListener($audience, $this->wiring->rescanNotifier());
	}
}

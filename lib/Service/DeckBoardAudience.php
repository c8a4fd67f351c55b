<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Who sees a Deck card: the owner of its board (and of the board it left, when it moved) and every user the board is
// shared with, a group's members up to a bound, all of them together up to another (the rest are left to their
// scheduled scans, and the log says so).
namespace OCA\McpCompanion\Service;

use OCA\Deck\Db\Acl;
use OCA\Deck\Db\Board;
use OCA\Deck\Db\BoardMapper;
use OCA\Deck\Db\Card;
use OCA\Deck\Db\StackMapper;
use OCA\McpCompanion\AppInfo\Application;
use Psr\Log\LoggerInterface;

/**
 * Deck's mappers (an app's classes, not OCP): only DeckCardListener uses this, and Deck's own events call it, so it is
 * never built without Deck.
 */
class DeckBoardAudience {
	/** Users named at most for one card change; beyond it a notice would hold up the request that changed the card. */
	public const MAX_BOARD_USERS = 500;

	public function __construct(
		private StackMapper $stacks,
		private BoardMapper $boards,
		private ShareAudience $shares,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * The users of the card's board and, for a card moved from another board, of that board too: owners, users the
	 * boards are shared with, the members of groups they are shared with (ShareAudience's bound per group), at most
	 * MAX_BOARD_USERS in all. A team share is not expanded (logged).
	 *
	 * @return list<string>
	 */
	public function usersOfCard(Card $card, ?Card $before = null): array {
		$stackIds = array_unique(array_filter([(int)$card->getStackId(), (int)$before?->getStackId()]));
		$users = [];
		foreach ($stackIds as $stackId) {
			$users = [...$users, ...$this->usersOfStack($stackId)];
		}
		return $this->bounded(array_values(array_unique($users)));
	}

	/** @return list<string> */
	private function usersOfStack(int $stackId): array {
		// unverified: StackMapper::findBoardId answers the board of a stack, null for an unknown one (source:
		// nextcloud/deck lib/Db/StackMapper.php); a stack never changes its board, so no cache can answer an old one.
		$boardId = $this->stacks->findBoardId($stackId);
		if ($boardId === null) {
			$this->logger->info('MCP Companion: a changed Deck card\'s list has no board; its users\' scheduled scans pick it up', ['app' => Application::APP_ID]);
			return [];
		}
		// unverified: find($id, withLabels, withAcl) loads the board with its Acl list, and throws for a deleted board
		// (source: nextcloud/deck lib/Db/BoardMapper.php); the caller logs what it throws.
		return $this->usersOfBoard($this->boards->find($boardId, false, true));
	}

	/** @return list<string> */
	private function usersOfBoard(Board $board): array {
		$users = [(string)$board->getOwner()];
		$teams = 0;
		/** @var mixed $acl */
		foreach ((array)($board->getAcl() ?? []) as $acl) {
			if (!$acl instanceof Acl) {
				continue;
			}
			$type = (int)$acl->getType();
			$participant = (string)$acl->getParticipant();
			if ($type === Acl::PERMISSION_TYPE_USER) {
				$users[] = $participant;
			} elseif ($type === Acl::PERMISSION_TYPE_GROUP) {
				$users = [...$users, ...$this->shares->groupMembers($participant)];
			} else {
				$teams++;
			}
		}
		if ($teams > 0) {
			$this->logger->info('MCP Companion: a changed Deck card\'s board is shared with teams, left to their members\' scheduled scans', ['app' => Application::APP_ID, 'teams' => $teams]);
		}
		return array_values(array_filter($users, static fn (string $id): bool => $id !== ''));
	}

	/**
	 * @param list<string> $users
	 * @return list<string>
	 */
	private function bounded(array $users): array {
		if (count($users) <= self::MAX_BOARD_USERS) {
			return $users;
		}
		$this->logger->warning('MCP Companion: a changed Deck card\'s board has more users than a rescan notice names; the others are left to their scheduled scans', [
			'app' => Application::APP_ID, 'users_named' => self::MAX_BOARD_USERS, 'users_left_out' => count($users) - self::MAX_BOARD_USERS,
		]);
		return array_slice($users, 0, self::MAX_BOARD_USERS);
	}
}

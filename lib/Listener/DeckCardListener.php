<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// When a Deck card is created, edited (moved, archived and restored included) or deleted, tells the MCP server to
// rescan the Deck cards of everyone who sees its board, so the change reaches their search within seconds.
namespace OCA\McpCompanion\Listener;

use OCA\Deck\Db\Card;
use OCA\Deck\Event\ACardEvent;
use OCA\Deck\Event\CardCreatedEvent;
use OCA\Deck\Event\CardDeletedEvent;
use OCA\Deck\Event\CardUpdatedEvent;
use OCA\McpCompanion\Service\DeckBoardAudience;
use OCA\McpCompanion\Service\RescanNotifier;
use OCP\EventDispatcher\Event;
use OCP\EventDispatcher\IEventListener;

/**
 * Deck's events (an app's classes, not OCP): Application registers this listener by name, so without Deck it is
 * never called. No webhook can take its place: Deck 1.16's card events are not webhook-compatible (registering one
 * is refused with 400 on Nextcloud 32).
 *
 * @template-implements IEventListener<Event>
 */
class DeckCardListener implements IEventListener {
	public function __construct(
		private DeckBoardAudience $audience,
		private RescanNotifier $notifier,
	) {
	}

	public function handle(Event $event): void {
		if (!$event instanceof ACardEvent) {
			return;
		}
		$reason = match (true) {
			$event instanceof CardCreatedEvent => 'deck_card_created',
			$event instanceof CardDeletedEvent => 'deck_card_deleted',
			default => 'deck_card_updated',
		};
		// unverified: Deck dispatches CardUpdatedEvent for edits, moves between stacks, archiving and restoring, and
		// CardDeletedEvent after marking the card deleted (source: nextcloud/deck lib/Service/CardService.php).
		// A card moved to another board leaves the search of that board's users too: its state before names the board.
		$before = $event instanceof CardUpdatedEvent ? $event->getCardBefore() : null;
		$this->notifier->notifyFromEvent(
			fn (): array => $this->audience->usersOfCard($event->getCard(), $before instanceof Card ? $before : null),
			['deck_card'], $reason, 'a Deck card change',
		);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\CardUpdatedEvent (a card was edited, moved, archived or restored), signatures only
// (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/CardUpdatedEvent.php.
namespace OCA\Deck\Event;

use OCA\Deck\Db\Card;

class CardUpdatedEvent extends ACardEvent {
	private $cardBefore;

	public function __construct(Card $card, ?Card $before = null) {
		parent::__construct($card);
		$this->cardBefore = $before;
	}

	public function getCardBefore() {
		return $this->cardBefore;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\ACardEvent, signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/ACardEvent.php.
namespace OCA\Deck\Event;

use OCA\Deck\Db\Card;
use OCP\EventDispatcher\Event;

abstract class ACardEvent extends Event {
	private $card;

	public function __construct(Card $card) {
		parent::__construct();
		$this->card = $card;
	}

	public function getCard(): Card {
		return $this->card;
	}
}

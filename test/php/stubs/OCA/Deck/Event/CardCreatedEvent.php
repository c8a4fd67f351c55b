<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\CardCreatedEvent (a card was created), signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/CardCreatedEvent.php.
namespace OCA\Deck\Event;

class CardCreatedEvent extends ACardEvent {
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\CardDeletedEvent (a card was deleted (Deck marks it deleted first)), signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/CardDeletedEvent.php.
namespace OCA\Deck\Event;

class CardDeletedEvent extends ACardEvent {
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\AclCreatedEvent (a board was shared with a user, group or team), signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/AclCreatedEvent.php.
namespace OCA\Deck\Event;

class AclCreatedEvent extends AAclEvent {
}

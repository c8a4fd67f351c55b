<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\AclDeletedEvent (a board share was removed), signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/AclDeletedEvent.php.
namespace OCA\Deck\Event;

class AclDeletedEvent extends AAclEvent {
}

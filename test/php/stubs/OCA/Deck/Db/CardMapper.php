<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thin test stub: Deck's OCA\Deck\Db\CardMapper, only the lookup the companion uses, checked by StubSignaturesTest;
// tests extend it to answer from memory.
// unverified: from nextcloud/deck lib/Db/CardMapper.php: findBoardId joins the card to its stack and answers the
// stack's board id, or null when the card is unknown (a soft-deleted card still has its row).
namespace OCA\Deck\Db;

class CardMapper {
	public function findBoardId($id): ?int {
		return null;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thin test stub: Deck's OCA\Deck\Db\StackMapper, only the lookup the companion uses, checked by StubSignaturesTest;
// tests extend it to answer from memory.
// unverified: from nextcloud/deck lib/Db/StackMapper.php: findBoardId answers the board of a stack (a list of a
// board), or null for an unknown stack.
namespace OCA\Deck\Db;

class StackMapper {
	public function findBoardId($id): ?int {
		return null;
	}
}

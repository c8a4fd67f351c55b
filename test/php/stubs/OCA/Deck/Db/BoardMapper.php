<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thin test stub: Deck's OCA\Deck\Db\BoardMapper, only the lookup the companion uses, checked by StubSignaturesTest;
// tests extend it to answer from memory.
// unverified: from nextcloud/deck lib/Db/BoardMapper.php: find() throws OCP's DoesNotExistException for an unknown
// or deleted board (unless $allowDeleted) and, with $withAcl, loads the board's Acl list into it.
namespace OCA\Deck\Db;

class BoardMapper {
	public function find(int $id, bool $withLabels = false, bool $withAcl = false, bool $allowDeleted = false): Board {
		throw new \LogicException('a stub: a test extends it');
	}
}

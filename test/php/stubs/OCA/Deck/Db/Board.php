<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thin test stub: Deck's OCA\Deck\Db\Board (a board), only what the companion reads, checked by StubSignaturesTest.
// unverified: from nextcloud/deck lib/Db/Board.php; in Deck the getters and setters are Entity's magic __call methods
// over the protected fields owner (a user id) and acl (the board's Acl list once BoardMapper::find loaded it).
namespace OCA\Deck\Db;

class Board {
	protected $owner;
	protected $acl;

	public function __construct() {
	}

	public function getOwner() {
		return $this->owner;
	}

	public function setOwner($owner) {
		$this->owner = $owner;
	}

	public function getAcl() {
		return $this->acl;
	}

	public function setAcl($acl) {
		$this->acl = $acl;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thin test stub: Deck's OCA\Deck\Db\Card (a card), only what the companion reads, checked by StubSignaturesTest.
// unverified: from nextcloud/deck lib/Db/Card.php; in Deck getId/setId come from OCP's Entity (id is its public field),
// getStackId/setStackId are Entity's magic __call methods over the protected field stackId, and the class extends
// RelationalEntity; declared here so that the companion's calls are checked.
namespace OCA\Deck\Db;

class Card {
	protected $id;
	protected $stackId;

	public function __construct() {
	}

	public function getId() {
		return $this->id;
	}

	public function setId($id) {
		$this->id = $id;
	}

	public function getStackId() {
		return $this->stackId;
	}

	public function setStackId($stackId) {
		$this->stackId = $stackId;
	}
}

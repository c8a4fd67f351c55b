<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thin test stub: Deck's OCA\Deck\Db\Acl (a board's share), only what the companion reads, checked by StubSignaturesTest.
// unverified: from nextcloud/deck lib/Db/Acl.php; in Deck the getters and setters below are Entity's magic __call
// methods over the protected fields, declared here so that the companion's calls are checked.
namespace OCA\Deck\Db;

class Acl {
	public const PERMISSION_TYPE_USER = 0;
	public const PERMISSION_TYPE_GROUP = 1;
	public const PERMISSION_TYPE_CIRCLE = 7;

	protected $participant;
	protected $type;
	protected $boardId;

	public function __construct() {
	}

	public function getParticipant() {
		return $this->participant;
	}

	public function setParticipant($participant) {
		$this->participant = $participant;
	}

	public function getType() {
		return $this->type;
	}

	public function setType($type) {
		$this->type = $type;
	}

	public function getBoardId() {
		return $this->boardId;
	}

	public function setBoardId($boardId) {
		$this->boardId = $boardId;
	}
}

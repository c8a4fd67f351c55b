<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Deck's OCA\Deck\Event\AAclEvent, signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/deck lib/Event/AAclEvent.php; newer Deck versions also implement
// IWebhookCompatibleEvent (getWebhookSerializable), which the companion does not use.
namespace OCA\Deck\Event;

use OCA\Deck\Db\Acl;
use OCP\EventDispatcher\Event;

abstract class AAclEvent extends Event {
	private $acl;

	public function __construct(Acl $acl) {
		parent::__construct();
		$this->acl = $acl;
	}

	public function getAcl(): Acl {
		return $this->acl;
	}

	public function getBoardId(): int {
		return $this->acl->getBoardId();
	}
}

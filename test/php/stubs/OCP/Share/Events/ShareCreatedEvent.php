<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Share\Events\ShareCreatedEvent, signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/server lib/public/Share/Events/ShareCreatedEvent.php (@since 18.0.0).
namespace OCP\Share\Events;

use OCP\EventDispatcher\Event;
use OCP\Share\IShare;

class ShareCreatedEvent extends Event {
	private $share;

	public function __construct(IShare $share) {
		parent::__construct();
		$this->share = $share;
	}

	public function getShare(): IShare {
		return $this->share;
	}
}

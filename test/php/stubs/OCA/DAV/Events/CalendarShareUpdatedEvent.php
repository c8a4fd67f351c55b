<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the dav app's OCA\DAV\Events\CalendarShareUpdatedEvent (Nextcloud 32), signatures only (checked by StubSignaturesTest).
// unverified: from nextcloud/server apps/dav/lib/Events/CalendarShareUpdatedEvent.php (@since 20.0.0); the dav app ships with
// Nextcloud, but its classes are an app's, not OCP.
namespace OCA\DAV\Events;

use OCP\EventDispatcher\Event;

class CalendarShareUpdatedEvent extends Event {
	public function __construct(
		private int $calendarId,
		private array $calendarData,
		private array $oldShares,
		private array $added,
		private array $removed,
	) {
		parent::__construct();
	}

	public function getCalendarId(): int {
		return $this->calendarId;
	}

	public function getCalendarData(): array {
		return $this->calendarData;
	}

	public function getOldShares(): array {
		return $this->oldShares;
	}

	public function getAdded(): array {
		return $this->added;
	}

	public function getRemoved(): array {
		return $this->removed;
	}
}

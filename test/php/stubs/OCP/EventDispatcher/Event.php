<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\EventDispatcher\Event, a PSR-14 stoppable event.
namespace OCP\EventDispatcher;

use Psr\EventDispatcher\StoppableEventInterface;

class Event implements StoppableEventInterface {
	private bool $propagationStopped = false;

	public function __construct() {
	}

	public function stopPropagation(): void {
		$this->propagationStopped = true;
	}

	public function isPropagationStopped(): bool {
		return $this->propagationStopped;
	}
}

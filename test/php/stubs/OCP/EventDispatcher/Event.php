<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\EventDispatcher\Event (without the PSR-14 interface, which is not installed).
namespace OCP\EventDispatcher;

class Event {
	private $propagationStopped = false;

	public function __construct() {
	}

	public function stopPropagation(): void {
		$this->propagationStopped = true;
	}

	public function isPropagationStopped(): bool {
		return $this->propagationStopped;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// ITimeFactory on the real clock, which a test can move forward (e.g. to just before a token expires).
namespace OCA\McpCompanion\Tests\Support;

use OCP\AppFramework\Utility\ITimeFactory;

class AdjustableTimeFactory implements ITimeFactory {
	private int $offsetSeconds = 0;

	public function getTime(): int {
		return time() + $this->offsetSeconds;
	}

	public function advance(int $seconds): void {
		$this->offsetSeconds += $seconds;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// ITimeFactory on the real clock, which a test can move forward (e.g. to just before a token expires).
namespace OCA\McpCompanion\Tests\Support;

use DateTime;
use DateTimeImmutable;
use DateTimeZone;
use OCP\AppFramework\Utility\ITimeFactory;

class AdjustableTimeFactory implements ITimeFactory {
	private int $offsetSeconds = 0;

	public function getTime(): int {
		return time() + $this->offsetSeconds;
	}

	public function advance(int $seconds): void {
		$this->offsetSeconds += $seconds;
	}

	public function getDateTime(string $time = 'now', ?DateTimeZone $timezone = null): DateTime {
		$dateTime = $time === 'now' ? new DateTime('@' . $this->getTime()) : new DateTime($time);
		return $dateTime->setTimezone($timezone ?? new DateTimeZone('UTC'));
	}

	public function getTimeZone(?string $timezone = null): DateTimeZone {
		return new DateTimeZone($timezone ?? 'UTC');
	}

	public function now(): DateTimeImmutable {
		return new DateTimeImmutable('@' . $this->getTime());
	}

	public function withTimeZone(DateTimeZone $timezone): static {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

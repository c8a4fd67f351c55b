<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Utility\ITimeFactory, signatures only (checked by StubSignaturesTest).
namespace OCP\AppFramework\Utility;

use DateTime;
use DateTimeImmutable;
use DateTimeZone;
use Psr\Clock\ClockInterface;

interface ITimeFactory extends ClockInterface {
	public function getDateTime(string $time = 'now', ?DateTimeZone $timezone = null): DateTime;

	public function getTime(): int;

	public function getTimeZone(?string $timezone = null): DateTimeZone;

	public function now(): DateTimeImmutable;

	public function withTimeZone(DateTimeZone $timezone): static;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Http\Attribute\ARateLimit, the base of the rate limit attributes.
namespace OCP\AppFramework\Http\Attribute;

abstract class ARateLimit {
	public function __construct(
		protected int $limit,
		protected int $period,
	) {
	}

	public function getLimit(): int {
		return $this->limit;
	}

	public function getPeriod(): int {
		return $this->period;
	}
}

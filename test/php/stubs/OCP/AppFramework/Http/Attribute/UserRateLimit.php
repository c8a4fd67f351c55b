<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's #[UserRateLimit] controller attribute.
namespace OCP\AppFramework\Http\Attribute;

use Attribute;

#[Attribute(Attribute::TARGET_METHOD)]
class UserRateLimit {
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

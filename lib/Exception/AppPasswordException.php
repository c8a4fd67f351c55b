<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when an app password cannot be accepted: bad format, refused by Nextcloud, or not checkable right now.
namespace OCA\McpCompanion\Exception;

class AppPasswordException extends CompanionException {
	/**
	 * @param int $status 400 malformed, 401 refused by Nextcloud, 502 Nextcloud could not check it
	 */
	public function __construct(
		string $message,
		private int $status,
	) {
		parent::__construct($message);
	}

	public function getStatus(): int {
		return $this->status;
	}
}

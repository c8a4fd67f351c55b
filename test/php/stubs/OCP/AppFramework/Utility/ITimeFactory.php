<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\AppFramework\Utility\ITimeFactory this app uses.
namespace OCP\AppFramework\Utility;

interface ITimeFactory {
	/** Seconds since the Unix epoch. */
	public function getTime(): int;
}

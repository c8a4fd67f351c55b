<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Base of the companion's own errors: a message that is safe to show and the HTTP status it maps to.
namespace OCA\McpCompanion\Exception;

abstract class CompanionException extends \Exception {
	/** The HTTP status ErrorMiddleware answers with. */
	abstract public function getStatus(): int;
}

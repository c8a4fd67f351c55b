<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Base of the companion's own errors: a message that is safe to show, the HTTP status and the code it maps to.
namespace OCA\McpCompanion\Exception;

abstract class CompanionException extends \Exception {
	/**
	 * The codes of the MCP server's error table (ErrorCode in sidecar/openapi.json) by HTTP status: the companion's
	 * error answers use the same codes, so a client reads both alike.
	 */
	private const CODES = [
		400 => 'invalid_input',
		401 => 'unauthenticated',
		403 => 'forbidden',
		404 => 'not_found',
		409 => 'conflict',
		413 => 'payload_too_large',
		415 => 'unsupported_media_type',
		429 => 'rate_limited',
		502 => 'upstream_error',
		503 => 'unavailable',
		504 => 'upstream_timeout',
	];

	/** The HTTP status ErrorMiddleware answers with. */
	abstract public function getStatus(): int;

	/** The stable code of the error answer (`error` in error-response.json), for clients to branch on. */
	public function getErrorCode(): string {
		return self::CODES[$this->getStatus()] ?? 'internal_error';
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown when the MCP server answered with an error; carries the server's own safe message.
namespace OCA\McpCompanion\Exception;

use OCP\AppFramework\Http;

class SidecarRejectedException extends CompanionException {
	/**
	 * @param string $message generic, translated message for ErrorMiddleware
	 * @param string $sidecarMessage the `message` of the sidecar's error body (sidecar-error.json), '' if none
	 * @param int $sidecarStatus the HTTP status the sidecar answered with
	 */
	public function __construct(
		string $message,
		private string $sidecarMessage,
		private int $sidecarStatus,
	) {
		parent::__construct($message);
	}

	public function getSidecarMessage(): string {
		return $this->sidecarMessage;
	}

	public function getSidecarStatus(): int {
		return $this->sidecarStatus;
	}

	public function getStatus(): int {
		return Http::STATUS_BAD_GATEWAY;
	}
}

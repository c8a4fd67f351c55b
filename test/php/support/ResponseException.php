<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Thrown by the test HTTP clients for a 4xx/5xx answer when `http_errors` is on (Guzzle's default), with the response.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IResponse;

final class ResponseException extends \RuntimeException {
	public function __construct(
		public readonly IResponse $response,
	) {
		parent::__construct('HTTP request answered with status ' . $response->getStatusCode());
	}
}

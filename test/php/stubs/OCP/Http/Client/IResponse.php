<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Http\Client\IResponse, with the real signatures.
namespace OCP\Http\Client;

interface IResponse {
	/**
	 * @return string|resource
	 */
	public function getBody();

	public function getStatusCode(): int;

	public function getHeader(string $key): string;

	public function getHeaders(): array;
}

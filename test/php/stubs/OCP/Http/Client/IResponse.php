<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Http\Client\IResponse, signatures only (checked by StubSignaturesTest).
namespace OCP\Http\Client;

interface IResponse {
	public function getBody();

	public function getHeader(string $key): string;

	public function getHeaders(): array;

	public function getStatusCode(): int;
}

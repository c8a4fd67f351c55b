<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IResponse built from the raw status line and headers PHP's HTTP stream wrapper returns.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IResponse;

class StreamResponse implements IResponse {
	/** @param array<string, string> $headers lower-case names */
	public function __construct(
		private int $status,
		private array $headers,
		private string $body,
	) {
	}

	/** @param list<string> $rawHeaders */
	public static function fromRawHeaders(array $rawHeaders, string $body): self {
		$status = 0;
		$headers = [];
		foreach ($rawHeaders as $line) {
			if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $match) === 1) {
				$status = (int)$match[1];
				$headers = [];
			} elseif (str_contains($line, ':')) {
				[$name, $value] = explode(':', $line, 2);
				$headers[strtolower(trim($name))] = trim($value);
			}
		}
		return new self($status, $headers, $body);
	}

	public function getBody() {
		return $this->body;
	}

	public function getStatusCode(): int {
		return $this->status;
	}

	public function getHeader(string $key): string {
		return $this->headers[strtolower($key)] ?? '';
	}

	public function getHeaders(): array {
		return $this->headers;
	}
}

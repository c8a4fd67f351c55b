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
	/**
	 * @param array<string, string> $headers lower-case names, the last value of each
	 * @param list<string> $cookies every Set-Cookie value, in order
	 */
	public function __construct(
		private int $status,
		private array $headers,
		private string $body,
		private array $cookies = [],
	) {
	}

	/** @param list<string> $rawHeaders */
	public static function fromRawHeaders(array $rawHeaders, string $body): self {
		$status = 0;
		$headers = [];
		$cookies = [];
		foreach ($rawHeaders as $line) {
			if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $match) === 1) {
				$status = (int)$match[1];
				$headers = [];
				$cookies = [];
			} elseif (str_contains($line, ':')) {
				[$name, $value] = explode(':', $line, 2);
				$headers[strtolower(trim($name))] = trim($value);
				if (strtolower(trim($name)) === 'set-cookie') {
					$cookies[] = trim($value);
				}
			}
		}
		return new self($status, $headers, $body, $cookies);
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

	/** @return list<string> every Set-Cookie header (getHeader keeps only the last one) */
	public function getSetCookies(): array {
		return $this->cookies;
	}

	public function getHeaders(): array {
		return $this->headers;
	}
}

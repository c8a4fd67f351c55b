<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IClientService that sends requests under one URL prefix to another: the harness stands in for Nextcloud's pages
// at its own address, while the platform double serves Nextcloud's OCS API (and `php -S` cannot call itself).
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IClient;
use OCP\Http\Client\IClientService;
use OCP\Http\Client\IResponse;

class RedirectingClientService implements IClientService {
	/** @param array<string, string> $prefixes from-prefix => to-prefix */
	public function __construct(
		private IClientService $inner,
		private array $prefixes,
	) {
	}

	public function newClient(): IClient {
		$inner = $this->inner->newClient();
		$prefixes = $this->prefixes;
		return new class($inner, $prefixes) implements IClient {
			public function __construct(
				private IClient $inner,
				private array $prefixes,
			) {
			}

			use ClientVerbs;

			public function request(string $method, string $uri, array $options = []): IResponse {
				foreach ($this->prefixes as $from => $to) {
					if (str_starts_with($uri, $from)) {
						$uri = $to . substr($uri, strlen($from));
						break;
					}
				}
				return $this->inner->request($method, $uri, $options);
			}
		};
	}
}

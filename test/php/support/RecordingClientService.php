<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IClientService whose clients note every request (method, URI, options) before another client sends it.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IClient;
use OCP\Http\Client\IClientService;
use OCP\Http\Client\IResponse;

class RecordingClientService implements IClientService {
	/** @var list<array{method: string, uri: string, options: array}> */
	public array $requests = [];

	public function __construct(
		private IClientService $inner,
	) {
	}

	public function newClient(): IClient {
		$inner = $this->inner->newClient();
		$record = function (string $method, string $uri, array $options): void {
			$this->requests[] = ['method' => $method, 'uri' => $uri, 'options' => $options];
		};
		return new class($inner, $record) implements IClient {
			use ClientVerbs;

			/** @param \Closure(string, string, array): void $record */
			public function __construct(
				private IClient $inner,
				private \Closure $record,
			) {
			}

			public function request(string $method, string $uri, array $options = []): IResponse {
				($this->record)($method, $uri, $options);
				return $this->inner->request($method, $uri, $options);
			}
		};
	}
}

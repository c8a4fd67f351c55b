<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IClientService whose clients call a hook before each request: to add latency, or to act as a concurrent request.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IClient;
use OCP\Http\Client\IClientService;
use OCP\Http\Client\IResponse;

class InterceptingClientService implements IClientService {
	/** @param \Closure(string, string, array): void $beforeRequest gets method, URI and options */
	public function __construct(
		private IClientService $inner,
		private \Closure $beforeRequest,
	) {
	}

	/** Requests to URIs ending in $uriSuffix wait $latencyMs first, like a slow server would answer. */
	public static function delaying(IClientService $inner, string $uriSuffix, int $latencyMs): self {
		return new self($inner, static function (string $method, string $uri) use ($uriSuffix, $latencyMs): void {
			if (str_ends_with($uri, $uriSuffix)) {
				usleep($latencyMs * 1000);
			}
		});
	}

	public function newClient(): IClient {
		return new class($this->inner->newClient(), $this->beforeRequest) implements IClient {
			use ClientVerbs;

			public function __construct(
				private IClient $inner,
				private \Closure $beforeRequest,
			) {
			}

			public function request(string $method, string $uri, array $options = []): IResponse {
				($this->beforeRequest)($method, $uri, $options);
				return $this->inner->request($method, $uri, $options);
			}
		};
	}
}

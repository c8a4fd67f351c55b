<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IClient's verb methods (get, head, post, put, delete, options), all through the implementing class's request().
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IResponse;

trait ClientVerbs {
	abstract public function request(string $uri, string $method, array $options = []): IResponse;

	public function get(string $uri, array $options = []): IResponse {
		return $this->request($uri, 'GET', $options);
	}

	public function head(string $uri, array $options = []): IResponse {
		return $this->request($uri, 'HEAD', $options);
	}

	public function post(string $uri, array $options = []): IResponse {
		return $this->request($uri, 'POST', $options);
	}

	public function put(string $uri, array $options = []): IResponse {
		return $this->request($uri, 'PUT', $options);
	}

	public function delete(string $uri, array $options = []): IResponse {
		return $this->request($uri, 'DELETE', $options);
	}

	public function options(string $uri, array $options = []): IResponse {
		return $this->request($uri, 'OPTIONS', $options);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IClient's verb methods, sync and async, all through the implementing class's request(method, uri, options).
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IPromise;
use OCP\Http\Client\IResponse;
use Throwable;

trait ClientVerbs {
	abstract public function request(string $method, string $uri, array $options = []): IResponse;

	public function get(string $uri, array $options = []): IResponse {
		return $this->request('GET', $uri, $options);
	}

	public function head(string $uri, array $options = []): IResponse {
		return $this->request('HEAD', $uri, $options);
	}

	public function post(string $uri, array $options = []): IResponse {
		return $this->request('POST', $uri, $options);
	}

	public function put(string $uri, array $options = []): IResponse {
		return $this->request('PUT', $uri, $options);
	}

	public function patch(string $uri, array $options = []): IResponse {
		return $this->request('PATCH', $uri, $options);
	}

	public function delete(string $uri, array $options = []): IResponse {
		return $this->request('DELETE', $uri, $options);
	}

	public function options(string $uri, array $options = []): IResponse {
		return $this->request('OPTIONS', $uri, $options);
	}

	public function getAsync(string $uri, array $options = []): IPromise {
		return SettledPromise::settle(fn () => $this->get($uri, $options));
	}

	public function headAsync(string $uri, array $options = []): IPromise {
		return SettledPromise::settle(fn () => $this->head($uri, $options));
	}

	public function postAsync(string $uri, array $options = []): IPromise {
		return SettledPromise::settle(fn () => $this->post($uri, $options));
	}

	public function putAsync(string $uri, array $options = []): IPromise {
		return SettledPromise::settle(fn () => $this->put($uri, $options));
	}

	public function deleteAsync(string $uri, array $options = []): IPromise {
		return SettledPromise::settle(fn () => $this->delete($uri, $options));
	}

	public function optionsAsync(string $uri, array $options = []): IPromise {
		return SettledPromise::settle(fn () => $this->options($uri, $options));
	}

	/** Like Nextcloud's client: the response a failed request carried, or the failure itself again. */
	public function getResponseFromThrowable(Throwable $e): IResponse {
		if ($e instanceof ResponseException) {
			return $e->response;
		}
		throw $e;
	}
}

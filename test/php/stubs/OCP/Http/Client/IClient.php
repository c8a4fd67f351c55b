<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Http\Client\IClient, signatures only (checked by StubSignaturesTest).
namespace OCP\Http\Client;

use Throwable;

interface IClient {
	public const DEFAULT_REQUEST_TIMEOUT = 30;

	public function delete(string $uri, array $options = []): IResponse;

	public function deleteAsync(string $uri, array $options = []): IPromise;

	public function get(string $uri, array $options = []): IResponse;

	public function getAsync(string $uri, array $options = []): IPromise;

	public function getResponseFromThrowable(Throwable $e): IResponse;

	public function head(string $uri, array $options = []): IResponse;

	public function headAsync(string $uri, array $options = []): IPromise;

	public function options(string $uri, array $options = []): IResponse;

	public function optionsAsync(string $uri, array $options = []): IPromise;

	public function patch(string $uri, array $options = []): IResponse;

	public function post(string $uri, array $options = []): IResponse;

	public function postAsync(string $uri, array $options = []): IPromise;

	public function put(string $uri, array $options = []): IResponse;

	public function putAsync(string $uri, array $options = []): IPromise;

	public function request(string $method, string $uri, array $options = []): IResponse;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the synchronous part of Nextcloud's OCP\Http\Client\IClient, with the real signatures.
namespace OCP\Http\Client;

interface IClient {
	public function get(string $uri, array $options = []): IResponse;

	public function head(string $uri, array $options = []): IResponse;

	public function post(string $uri, array $options = []): IResponse;

	public function put(string $uri, array $options = []): IResponse;

	public function delete(string $uri, array $options = []): IResponse;

	public function options(string $uri, array $options = []): IResponse;

	public function request(string $uri, string $method, array $options = []): IResponse;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IClient over PHP streams: headers, body/json, timeout, http_errors and Nextcloud's host and local-address guards.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IClient;
use OCP\Http\Client\IResponse;
use OCP\Http\Client\LocalServerException;

class StreamClient implements IClient {
	use ClientVerbs;

	public function request(string $method, string $uri, array $options = []): IResponse {
		$this->assertAddressAllowed($uri, $options);
		[$headers, $body] = $this->buildPayload($options);
		$context = stream_context_create(['http' => [
			'method' => $method,
			'header' => implode("\r\n", array_map(fn ($name, $value) => "$name: $value", array_keys($headers), $headers)),
			'content' => $body,
			'ignore_errors' => true,
			'follow_location' => 0,
			'timeout' => (float)($options['timeout'] ?? 30),
		]]);
		$http_response_header = [];
		$responseBody = @file_get_contents($uri, false, $context);
		if ($responseBody === false) {
			throw new \RuntimeException('HTTP request failed: ' . (error_get_last()['message'] ?? 'unknown error'));
		}
		$response = StreamResponse::fromRawHeaders($http_response_header, $responseBody);
		if (($options['http_errors'] ?? true) && $response->getStatusCode() >= 400) {
			throw new ResponseException($response);
		}
		return $response;
	}

	/** @return array{0: array<string, string>, 1: string} */
	private function buildPayload(array $options): array {
		$headers = $options['headers'] ?? [];
		$body = '';
		if (isset($options['json'])) {
			$body = json_encode($options['json'], JSON_THROW_ON_ERROR);
			$headers['Content-Type'] ??= 'application/json';
		} elseif (isset($options['body'])) {
			$body = is_array($options['body']) ? http_build_query($options['body']) : (string)$options['body'];
			if (is_array($options['body'])) {
				// Nextcloud's client sends an array body as form parameters, like Guzzle's form_params.
				$headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
			}
		}
		if (isset($options['auth'])) {
			$headers['Authorization'] = 'Basic ' . base64_encode($options['auth'][0] . ':' . $options['auth'][1]);
		}
		$headers['Content-Length'] = (string)strlen($body);
		$headers['Connection'] = 'close';
		return [$headers, $body];
	}

	/**
	 * Nextcloud's client refuses a URI without a host (also when local addresses are allowed: what a URL passed as
	 * the method runs into), and loopback and private addresses unless the caller allows them.
	 */
	private function assertAddressAllowed(string $uri, array $options): void {
		$host = parse_url($uri, PHP_URL_HOST);
		if (!is_string($host) || $host === '') {
			throw new LocalServerException('Could not detect any host');
		}
		if (($options['nextcloud']['allow_local_address'] ?? false) === true) {
			return;
		}
		$host = trim($host, '[]');
		$isPublicIp = filter_var($host, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE) !== false;
		if ($host === 'localhost' || str_ends_with($host, '.localhost') || (filter_var($host, FILTER_VALIDATE_IP) !== false && !$isPublicIp)) {
			throw new LocalServerException('Host "' . $host . '" violates local access rules');
		}
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IRequest from plain values, or from PHP's globals (JSON bodies included) for the harness.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IRequest;

class SimpleRequest implements IRequest {
	/**
	 * @param array<string, mixed> $params query and body parameters, as Nextcloud merges them
	 * @param array<string, string> $headers
	 * @param string $expectedRequestToken the CSRF token of the signed-in session
	 */
	public function __construct(
		private string $method = 'GET',
		private array $params = [],
		private array $headers = [],
		private string $expectedRequestToken = 'test-request-token',
		private string $id = 'a1b2c3d4e5',
	) {
		$this->headers = array_change_key_case($headers, CASE_LOWER);
	}

	public static function fromGlobals(string $expectedRequestToken): self {
		$headers = [];
		foreach ($_SERVER as $name => $value) {
			if (str_starts_with($name, 'HTTP_')) {
				$headers[str_replace('_', '-', substr($name, 5))] = (string)$value;
			}
		}
		$headers['content-type'] = (string)($_SERVER['CONTENT_TYPE'] ?? '');
		$params = $_GET + $_POST;
		if (str_contains($headers['content-type'], 'application/json')) {
			$body = json_decode((string)file_get_contents('php://input'), true);
			$params = (is_array($body) ? $body : []) + $params;
		}
		return new self((string)$_SERVER['REQUEST_METHOD'], $params, $headers, $expectedRequestToken, bin2hex(random_bytes(5)));
	}

	public function getHeader(string $name): string {
		return $this->headers[strtolower($name)] ?? '';
	}

	public function getParam(string $key, $default = null) {
		return $this->params[$key] ?? $default;
	}

	public function getParams(): array {
		return $this->params;
	}

	public function getMethod(): string {
		return $this->method;
	}

	public function passesCSRFCheck(): bool {
		$token = $this->getHeader('requesttoken') ?: (string)($this->params['requesttoken'] ?? '');
		return $token !== '' && hash_equals($this->expectedRequestToken, $token);
	}

	public function getId(): string {
		return $this->id;
	}

	public function getRemoteAddress(): string {
		return '127.0.0.1';
	}

	public function getServerProtocol(): string {
		return 'http';
	}

	public function getServerHost(): string {
		return $this->getHeader('host') ?: 'localhost';
	}

	public function getCookie(string $key) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getEnv(string $key) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getFormat(): ?string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getHttpProtocol(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getInsecureServerHost(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getPathInfo() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getRawPathInfo(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getRequestUri(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getScriptName(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getUploadedFile(string $key) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function isUserAgent(array $agent): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function passesLaxCookieCheck(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function passesStrictCookieCheck(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function throwDecodingExceptionIfAny(): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

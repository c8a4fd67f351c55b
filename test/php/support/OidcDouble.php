<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Starts the identity provider double (test/platform/run-oidc-double.ts: oidc-provider configured like Nextcloud's
// oidc app) as a node process, and walks its authorization redirects as a browser would.
namespace OCA\McpCompanion\Tests\Support;

class OidcDouble {
	private const MAX_HOPS = 12;

	private function __construct(
		public readonly string $issuer,
		public readonly string $discoveryUrl,
		private NodeScript $script,
	) {
	}

	/**
	 * @param array<string, mixed> $options OidcDoubleOptions: users, clients (oidc-provider client metadata),
	 *                                      accessTokenTtlSeconds, …
	 */
	public static function start(string $repoRoot, array $options): self {
		$script = NodeScript::start($repoRoot, 'test/platform/run-oidc-double.ts', $options);
		if (!is_string($script->started['issuer'] ?? null) || !is_string($script->started['discoveryUrl'] ?? null)) {
			$script->stop();
			throw new \RuntimeException('The OIDC double did not say where it listens');
		}
		return new self($script->started['issuer'], $script->started['discoveryUrl'], $script);
	}

	public function stop(): void {
		$this->script->stop();
	}

	/**
	 * Follows the provider's redirects from $authorizeUrl with a cookie jar (the double signs the user in and grants
	 * consent on its own) until one points at $redirectUri; returns that redirect's query parameters.
	 *
	 * @return array<string, string> e.g. code and state, or error
	 */
	public static function followToRedirectUri(string $authorizeUrl, string $redirectUri): array {
		$client = new StreamClient();
		$cookies = [];
		$url = $authorizeUrl;
		for ($hop = 0; $hop < self::MAX_HOPS; $hop++) {
			$cookieHeader = implode('; ', array_map(fn ($name, $value) => "$name=$value", array_keys($cookies), $cookies));
			$response = $client->get($url, ['http_errors' => false, 'nextcloud' => ['allow_local_address' => true], 'headers' => $cookieHeader === '' ? [] : ['Cookie' => $cookieHeader]]);
			foreach ($response->getSetCookies() as $setCookie) {
				[$pair] = explode(';', $setCookie, 2);
				[$name, $value] = array_pad(explode('=', $pair, 2), 2, '');
				$cookies[trim($name)] = $value;
			}
			$location = $response->getHeader('Location');
			if ($location === '') {
				throw new \RuntimeException('The flow stopped at ' . $url . ' with ' . $response->getStatusCode() . ': ' . $response->getBody());
			}
			$url = self::resolve($location, $url);
			if (str_starts_with($url, $redirectUri)) {
				parse_str((string)parse_url($url, PHP_URL_QUERY), $params);
				return $params;
			}
		}
		throw new \RuntimeException('Too many redirects in the authorization flow');
	}

	private static function resolve(string $location, string $base): string {
		if (preg_match('#^https?://#i', $location) === 1) {
			return $location;
		}
		$origin = parse_url($base, PHP_URL_SCHEME) . '://' . parse_url($base, PHP_URL_HOST) . (parse_url($base, PHP_URL_PORT) ? ':' . parse_url($base, PHP_URL_PORT) : '');
		return $origin . '/' . ltrim($location, '/');
	}
}

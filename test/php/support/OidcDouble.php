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
	private const START_TIMEOUT_SECONDS = 30;
	private const MAX_HOPS = 12;

	/** @var resource */
	private $process;
	/** @var resource */
	private $stdin;

	private function __construct(
		public readonly string $issuer,
		public readonly string $discoveryUrl,
		$process,
		$stdin,
		private string $logFile,
	) {
		$this->process = $process;
		$this->stdin = $stdin;
	}

	/**
	 * @param array<string, mixed> $options OidcDoubleOptions: users, clients (oidc-provider client metadata),
	 *                                      accessTokenTtlSeconds, …
	 */
	public static function start(string $repoRoot, array $options): self {
		$repoRoot = (string)realpath($repoRoot);
		$loader = 'file://' . $repoRoot . '/node_modules/tsx/dist/loader.mjs';
		$logFile = tempnam(sys_get_temp_dir(), 'oidc-double-log-');
		$command = ['node', '--import', $loader, 'test/platform/run-oidc-double.ts', json_encode($options, JSON_THROW_ON_ERROR)];
		$process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $logFile, 'a']], $pipes, $repoRoot);
		if ($process === false) {
			throw new \RuntimeException('node could not be started');
		}
		$line = self::readFirstLine($pipes[1], $logFile);
		fclose($pipes[1]);
		$started = json_decode($line, true);
		if (!is_array($started) || !is_string($started['issuer'] ?? null)) {
			throw new \RuntimeException('The OIDC double did not start: ' . $line . file_get_contents($logFile));
		}
		return new self($started['issuer'], $started['discoveryUrl'], $process, $pipes[0], $logFile);
	}

	/** Closing stdin stops the double; SIGTERM if it is still running a moment later. */
	public function stop(): void {
		fclose($this->stdin);
		for ($wait = 0; $wait < 40 && proc_get_status($this->process)['running']; $wait++) {
			usleep(50_000);
		}
		if (proc_get_status($this->process)['running']) {
			proc_terminate($this->process);
		}
		proc_close($this->process);
		@unlink($this->logFile);
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

	/** @param resource $stdout */
	private static function readFirstLine($stdout, string $logFile): string {
		$line = '';
		$deadline = microtime(true) + self::START_TIMEOUT_SECONDS;
		while (!str_contains($line, "\n") && microtime(true) < $deadline) {
			$read = [$stdout];
			$write = $except = null;
			if (stream_select($read, $write, $except, 0, 200_000) > 0) {
				$chunk = fread($stdout, 8192);
				if ($chunk === '' || $chunk === false) {
					break;
				}
				$line .= $chunk;
			}
		}
		if (!str_contains($line, "\n")) {
			throw new \RuntimeException('The OIDC double did not start in time: ' . $line . file_get_contents($logFile));
		}
		return trim(strstr($line, "\n", true));
	}

	private static function resolve(string $location, string $base): string {
		if (preg_match('#^https?://#i', $location) === 1) {
			return $location;
		}
		$origin = parse_url($base, PHP_URL_SCHEME) . '://' . parse_url($base, PHP_URL_HOST) . (parse_url($base, PHP_URL_PORT) ? ':' . parse_url($base, PHP_URL_PORT) : '');
		return $origin . '/' . ltrim($location, '/');
	}
}

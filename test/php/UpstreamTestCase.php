<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Base for tests that talk to real loopback servers: the router playing the sidecar, and the platform double (the
// sidecar tests' Nextcloud) as Nextcloud; alice and bob have app passwords there, one of alice's under her e-mail.
namespace OCA\McpCompanion\Tests;

use OCA\McpCompanion\Tests\Support\AppDispatcher;
use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\FileLockingProvider;
use OCA\McpCompanion\Tests\Support\InMemoryAppConfig;
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use OCA\McpCompanion\Tests\Support\LoopbackServer;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\PlatformDouble;
use OCA\McpCompanion\Tests\Support\RecordingClientService;
use OCA\McpCompanion\Tests\Support\SimpleRequest;
use OCA\McpCompanion\Tests\Support\SodiumCrypto;
use OCA\McpCompanion\Tests\Support\StaticGroupManager;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\StaticUrlGenerator;
use OCA\McpCompanion\Tests\Support\StreamClientService;
use OCP\AppFramework\Http\Response;
use PHPUnit\Framework\TestCase;

abstract class UpstreamTestCase extends TestCase {
	public const REPO_ROOT = __DIR__ . '/../..';
	public const ALICE_EMAIL = 'alice@example.com';
	/** Minted under the user id alice. */
	public const ALICE_PASSWORD = 'Abcde-12345-fGhIj-67890-kLmNo';
	/** Minted after logging in with the e-mail address: works only as alice@example.com. */
	public const ALICE_EMAIL_PASSWORD = 'Mnbvc-09876-xZlKj-54321-hGfDs';
	/** From Login Flow v2, minted under alice. */
	public const ALICE_LOGIN_FLOW_PASSWORD = 'aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3';
	public const BOB_PASSWORD = 'Qwert-67890-aSdFg-12345-zXcVb';

	protected static LoopbackServer $upstream;
	protected static PlatformDouble $nextcloud;
	protected static string $stateDir;
	protected InMemoryConfig $config;
	protected InMemoryAppConfig $appConfig;
	protected MemoryLogger $logger;
	protected RecordingClientService $clients;
	protected CompanionWiring $wiring;

	public static function setUpBeforeClass(): void {
		self::$stateDir = sys_get_temp_dir() . '/mcp-companion-upstream-' . bin2hex(random_bytes(4));
		mkdir(self::$stateDir);
		self::$upstream = LoopbackServer::start(__DIR__ . '/fixtures/upstream-router.php', ['UPSTREAM_STATE_DIR' => self::$stateDir]);
		self::$nextcloud = self::startNextcloudOnce();
	}

	public static function tearDownAfterClass(): void {
		self::$upstream->stop();
		array_map('unlink', glob(self::$stateDir . '/*') ?: []);
		rmdir(self::$stateDir);
	}

	protected function setUp(): void {
		@unlink(self::$stateDir . '/behaviour.json');
		@unlink(self::$stateDir . '/requests.jsonl');
		[$this->config, $this->appConfig, $crypto] = $this->createState();
		$this->logger = new MemoryLogger();
		$this->clients = new RecordingClientService(new StreamClientService());
		$this->wiring = new CompanionWiring(
			$this->config,
			$this->appConfig,
			$crypto,
			$this->clients,
			new StaticUrlGenerator(self::$nextcloud->url),
			new StaticL10N(),
			$this->logger,
			new FileLockingProvider(self::$stateDir),
		);
		$this->saveSettings(serverUrl: self::$upstream->url);
	}

	/**
	 * Where the companion keeps its state: in memory; tests that start more PHP processes keep it in files.
	 *
	 * @return array{InMemoryConfig, InMemoryAppConfig, SodiumCrypto}
	 */
	protected function createState(): array {
		$crypto = new SodiumCrypto(sodium_crypto_secretbox_keygen());
		return [new InMemoryConfig(), new InMemoryAppConfig($crypto), $crypto];
	}

	/** Stores admin settings as the admin page does (app config): null keeps a field, '' clears it. */
	protected function saveSettings(?string $serverUrl = null, ?string $apiKey = null, ?string $oauthClientId = null, ?string $oauthClientSecret = null): void {
		$this->wiring->settings()->save($serverUrl, $apiKey, $oauthClientId, $oauthClientSecret);
	}

	/** One platform double for the whole run (it takes seconds to start); no test changes its users. */
	private static function startNextcloudOnce(): PlatformDouble {
		static $nextcloud = null;
		if ($nextcloud === null) {
			$nextcloud = PlatformDouble::start(self::REPO_ROOT, [
				[
					'id' => 'alice',
					'email' => self::ALICE_EMAIL,
					'appPasswords' => [self::ALICE_PASSWORD, self::ALICE_LOGIN_FLOW_PASSWORD, ['password' => self::ALICE_EMAIL_PASSWORD, 'loginName' => self::ALICE_EMAIL]],
				],
				['id' => 'bob', 'appPasswords' => [self::BOB_PASSWORD]],
			]);
			register_shutdown_function($nextcloud->stop(...));
		}
		return $nextcloud;
	}

	/** @param array<string, mixed> $behaviour see fixtures/upstream-router.php */
	protected function setUpstreamBehaviour(array $behaviour): void {
		file_put_contents(self::$stateDir . '/behaviour.json', json_encode($behaviour));
	}

	/** @return list<array{method: string, path: string, query: string, headers: array<string, string>}> */
	protected function upstreamRequests(string $pathPrefix = ''): array {
		$file = self::$stateDir . '/requests.jsonl';
		$lines = is_file($file) ? file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) : [];
		$requests = array_map(fn (string $line) => json_decode($line, true), $lines);
		return array_values(array_filter($requests, fn (array $r) => str_starts_with($r['path'], $pathPrefix)));
	}

	/** @return list<array{method: string, uri: string, options: array}> what the companion sent to Nextcloud */
	protected function nextcloudRequests(): array {
		return array_values(array_filter($this->clients->requests, fn (array $r) => str_starts_with($r['uri'], self::$nextcloud->url . '/')));
	}

	/** An address where nothing listens. */
	protected function unreachableUrl(): string {
		return 'http://127.0.0.1:' . LoopbackServer::findFreePort();
	}

	/** Sends one request through routes.php and Nextcloud's security checks to the real controllers. */
	protected function dispatch(string $method, string $path, array $params = [], string $userId = 'alice', bool $isAdmin = false, bool $withToken = true): Response {
		$request = new SimpleRequest($method, $params, $withToken ? ['requesttoken' => 'test-request-token'] : []);
		$dispatcher = AppDispatcher::fromRoutesFile(self::REPO_ROOT . '/appinfo/routes.php', $this->wiring, new StaticGroupManager($isAdmin ? [$userId] : []));
		return $dispatcher->dispatch($request, $path, $userId);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Two page requests (two PHP processes on shared file-backed state) refresh alice's tokens at the same moment against
// the real provider double, which rotates refresh tokens: the per-user lock lets exactly one refresh through.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Service\OAuthRefreshLock;
use OCA\McpCompanion\Tests\OAuthTestCase;
use OCA\McpCompanion\Tests\Support\FileBackedAppConfig;
use OCA\McpCompanion\Tests\Support\FileBackedConfig;
use OCA\McpCompanion\Tests\Support\SodiumCrypto;

class OAuthRefreshConcurrencyTest extends OAuthTestCase {
	/** Long enough that the second request starts while the first one's refresh is still at the provider. */
	private const TOKEN_LATENCY_MS = 600;
	private const WORKER = __DIR__ . '/../fixtures/refresh-worker.php';

	private string $stateFiles;

	protected function createState(): array {
		$this->stateFiles = sys_get_temp_dir() . '/mcp-companion-refresh-' . bin2hex(random_bytes(4));
		mkdir($this->stateFiles);
		$crypto = SodiumCrypto::fromKeyFile($this->stateFiles . '/crypto.key');
		return [new FileBackedConfig($this->stateFiles . '/config.json'), new FileBackedAppConfig($this->stateFiles . '/appconfig.json', $crypto), $crypto];
	}

	protected function tearDown(): void {
		array_map('unlink', glob($this->stateFiles . '/*') ?: []);
		rmdir($this->stateFiles);
		parent::tearDown();
	}

	public function testTwoRequestsRefreshingAtOnceSpendTheRefreshTokenOnceAndBothStaySignedIn(): void {
		$this->signIn();
		$this->advanceClock(self::ACCESS_TOKEN_TTL_SECONDS - 30);
		$workers = [$this->startWorker(), $this->startWorker()];

		[$first, $second] = $this->runTogether($workers);

		$stored = $this->readStoredTokens();
		$this->assertSame(1, $first['refreshes'] + $second['refreshes'], json_encode([$first['error'] ?? 'token', $second['error'] ?? 'token']));
		$this->assertSame([$stored['access_token'], $stored['access_token']], [$first['token'] ?? $first['error'], $second['token'] ?? $second['error']]);
		$this->advanceClock(self::ACCESS_TOKEN_TTL_SECONDS);
		$this->assertNotSame($stored['access_token'], $this->wiring->oauthTokens()->getAccessToken('alice'), 'the stored refresh token is the live one');
	}

	public function testTheLockKeyFitsNextcloudsLockTableForTheLongestUserId(): void {
		$key = OAuthRefreshLock::buildKey(str_repeat('u', 64));

		$this->assertLessThanOrEqual(64, strlen($key));
		$this->assertNotSame($key, OAuthRefreshLock::buildKey('alice'));
	}

	/** @return array{process: resource, stdin: resource, stdout: resource} once the worker has built its services */
	private function startWorker(): array {
		$command = [PHP_BINARY, self::WORKER, $this->stateFiles, (string)$this->wiring->timeFactory->getTime(), (string)self::TOKEN_LATENCY_MS];
		$process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $this->stateFiles . '/worker-errors.log', 'a']], $pipes);
		$this->assertIsResource($process);
		$this->assertSame("ready\n", fgets($pipes[1]), (string)@file_get_contents($this->stateFiles . '/worker-errors.log'));
		return ['process' => $process, 'stdin' => $pipes[0], 'stdout' => $pipes[1]];
	}

	/**
	 * Lets every worker go at the same moment and collects their answers.
	 *
	 * @param list<array{process: resource, stdin: resource, stdout: resource}> $workers
	 * @return list<array{token?: string, error?: string, refreshes: int}>
	 */
	private function runTogether(array $workers): array {
		foreach ($workers as $worker) {
			fwrite($worker['stdin'], "go\n");
			fflush($worker['stdin']);
		}
		$results = [];
		foreach ($workers as $worker) {
			$line = (string)fgets($worker['stdout']);
			fclose($worker['stdin']);
			fclose($worker['stdout']);
			proc_close($worker['process']);
			$result = json_decode($line, true);
			$this->assertIsArray($result, $line . @file_get_contents($this->stateFiles . '/worker-errors.log'));
			$results[] = $result;
		}
		return $results;
	}
}

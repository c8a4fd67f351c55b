<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Runs a launcher of test/platform/ (TypeScript, through tsx) that prints one JSON line once it listens and stops
// when its stdin closes: how PHPUnit starts the doubles the sidecar's tests use.
namespace OCA\McpCompanion\Tests\Support;

final class NodeScript {
	private const START_TIMEOUT_SECONDS = 30;

	/** @var resource */
	private $process;
	/** @var resource */
	private $stdin;

	/** @param array<string, mixed> $started the JSON line the script printed */
	private function __construct(
		public readonly array $started,
		$process,
		$stdin,
		private string $logFile,
	) {
		$this->process = $process;
		$this->stdin = $stdin;
	}

	/** @param array<string, mixed> $options passed as JSON in argv[2] */
	public static function start(string $repoRoot, string $script, array $options): self {
		$repoRoot = (string)realpath($repoRoot);
		$loader = 'file://' . $repoRoot . '/node_modules/tsx/dist/loader.mjs';
		$logFile = tempnam(sys_get_temp_dir(), 'node-double-log-');
		$command = ['node', '--import', $loader, $script, json_encode($options, JSON_THROW_ON_ERROR)];
		$process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $logFile, 'a']], $pipes, $repoRoot);
		if ($process === false) {
			throw new \RuntimeException('node could not be started');
		}
		$line = self::readFirstLine($pipes[1], $logFile, $script);
		fclose($pipes[1]);
		$started = json_decode($line, true);
		if (!is_array($started)) {
			throw new \RuntimeException($script . ' did not start: ' . $line . file_get_contents($logFile));
		}
		return new self($started, $process, $pipes[0], $logFile);
	}

	/** Closing stdin stops the script; SIGTERM if it is still running a moment later. */
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

	/** @param resource $stdout */
	private static function readFirstLine($stdout, string $logFile, string $script): string {
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
			throw new \RuntimeException($script . ' did not start in time: ' . $line . file_get_contents($logFile));
		}
		return trim(strstr($line, "\n", true));
	}
}

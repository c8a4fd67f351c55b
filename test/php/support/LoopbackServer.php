<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Starts `php -S 127.0.0.1:<free port>` with a router script, waits until it answers, and stops it again.
namespace OCA\McpCompanion\Tests\Support;

class LoopbackServer {
	/** @var resource */
	private $process;

	private function __construct(
		public readonly string $url,
		$process,
		private string $logFile,
	) {
		$this->process = $process;
	}

	/** @param array<string, string> $env extra environment variables for the router script */
	public static function start(string $routerScript, array $env = [], ?string $docRoot = null): self {
		$port = self::findFreePort();
		$logFile = tempnam(sys_get_temp_dir(), 'php-s-log-');
		$command = [PHP_BINARY, '-S', '127.0.0.1:' . $port];
		if ($docRoot !== null) {
			array_push($command, '-t', $docRoot);
		}
		$command[] = $routerScript;
		$process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['file', $logFile, 'a'], 2 => ['file', $logFile, 'a']], $pipes, null, $env + getenv());
		$server = new self('http://127.0.0.1:' . $port, $process, $logFile);
		$server->waitUntilListening($port);
		return $server;
	}

	/** A port nothing listens on (bound, read back and released), for "unreachable" cases. */
	public static function findFreePort(): int {
		$socket = stream_socket_server('tcp://127.0.0.1:0', $errorCode, $errorMessage);
		$name = stream_socket_get_name($socket, false);
		fclose($socket);
		return (int)substr($name, strrpos($name, ':') + 1);
	}

	public function stop(): void {
		$status = proc_get_status($this->process);
		if ($status['running']) {
			posix_kill($status['pid'], SIGTERM);
		}
		proc_close($this->process);
		@unlink($this->logFile);
	}

	public function readLog(): string {
		return (string)@file_get_contents($this->logFile);
	}

	private function waitUntilListening(int $port): void {
		for ($attempt = 0; $attempt < 100; $attempt++) {
			$socket = @stream_socket_client('tcp://127.0.0.1:' . $port, $errorCode, $errorMessage, 0.1);
			if ($socket !== false) {
				fclose($socket);
				return;
			}
			usleep(50_000);
		}
		throw new \RuntimeException('php -S did not start: ' . $this->readLog());
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// ISession persisted as one JSON file per session id, so a sign-in survives the requests of a `php -S` harness.
namespace OCA\McpCompanion\Tests\Support;

class FileBackedSession extends MemorySession {
	public const COOKIE = 'harness_session';

	public function __construct(
		private string $file,
	) {
	}

	/**
	 * The session named by the request's cookie, or a new one (its cookie is set on the response).
	 */
	public static function fromCookie(string $stateDir): self {
		$id = (string)($_COOKIE[self::COOKIE] ?? '');
		if (preg_match('/^[a-f0-9]{32}$/D', $id) !== 1) {
			$id = bin2hex(random_bytes(16));
			setcookie(self::COOKIE, $id, ['path' => '/', 'httponly' => true, 'samesite' => 'Lax']);
		}
		return new self($stateDir . '/session-' . $id . '.json');
	}

	protected function read(): array {
		$json = is_file($this->file) ? (string)file_get_contents($this->file) : '';
		return $json === '' ? [] : json_decode($json, true, 64, JSON_THROW_ON_ERROR);
	}

	protected function update(callable $change): void {
		$handle = fopen($this->file, 'c+');
		flock($handle, LOCK_EX);
		$values = $this->read();
		$change($values);
		ftruncate($handle, 0);
		fwrite($handle, json_encode($values, JSON_THROW_ON_ERROR));
		fflush($handle);
		flock($handle, LOCK_UN);
		fclose($handle);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IConfig persisted as one JSON file, so state survives across the requests of a `php -S` harness.
namespace OCA\McpCompanion\Tests\Support;

class FileBackedConfig extends InMemoryConfig {
	public function __construct(
		private string $file,
	) {
		parent::__construct();
	}

	protected function read(): array {
		$json = is_file($this->file) ? (string)file_get_contents($this->file) : '';
		return $json === '' ? ['system' => [], 'users' => []] : json_decode($json, true, 64, JSON_THROW_ON_ERROR);
	}

	protected function update(callable $change): void {
		$handle = fopen($this->file, 'c+');
		flock($handle, LOCK_EX);
		$data = $this->read();
		$change($data);
		ftruncate($handle, 0);
		fwrite($handle, json_encode($data, JSON_PRETTY_PRINT | JSON_THROW_ON_ERROR));
		fflush($handle);
		flock($handle, LOCK_UN);
		fclose($handle);
	}
}

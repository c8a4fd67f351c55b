<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// One JSON file shared by processes: read under a shared lock, changed under an exclusive one, never seen half-written.
namespace OCA\McpCompanion\Tests\Support;

final class JsonFile {
	/** @param array<string, mixed> $empty what read() returns while the file does not exist or is empty */
	public function __construct(
		private string $file,
		private array $empty = [],
	) {
	}

	/** @return array<string, mixed> */
	public function read(): array {
		if (!is_file($this->file)) {
			return $this->empty;
		}
		$handle = fopen($this->file, 'r');
		flock($handle, LOCK_SH);
		$json = (string)stream_get_contents($handle);
		flock($handle, LOCK_UN);
		fclose($handle);
		return $json === '' ? $this->empty : json_decode($json, true, 64, JSON_THROW_ON_ERROR);
	}

	/** @param callable(array): void $change receives the data by reference */
	public function update(callable $change): void {
		$handle = fopen($this->file, 'c+');
		flock($handle, LOCK_EX);
		$json = (string)stream_get_contents($handle);
		$data = $json === '' ? $this->empty : json_decode($json, true, 64, JSON_THROW_ON_ERROR);
		$change($data);
		ftruncate($handle, 0);
		rewind($handle);
		fwrite($handle, json_encode($data, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR));
		fflush($handle);
		flock($handle, LOCK_UN);
		fclose($handle);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IConfig persisted as one JSON file, so state survives across the requests of a `php -S` harness and processes.
namespace OCA\McpCompanion\Tests\Support;

class FileBackedConfig extends InMemoryConfig {
	private JsonFile $store;

	public function __construct(string $file) {
		parent::__construct();
		$this->store = new JsonFile($file, ['system' => [], 'users' => []]);
	}

	protected function read(): array {
		return $this->store->read();
	}

	protected function update(callable $change): void {
		$this->store->update($change);
	}
}

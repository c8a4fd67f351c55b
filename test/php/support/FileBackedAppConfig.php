<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IAppConfig persisted as one JSON file (Nextcloud's oc_appconfig table), shared by the requests of a harness.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Security\ICrypto;

class FileBackedAppConfig extends InMemoryAppConfig {
	private JsonFile $store;

	public function __construct(string $file, ICrypto $crypto) {
		parent::__construct($crypto);
		$this->store = new JsonFile($file);
	}

	protected function read(): array {
		return $this->store->read();
	}

	protected function update(callable $change): void {
		$this->store->update($change);
	}
}

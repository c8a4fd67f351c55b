<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Lock\LockedException, thrown when a lock is held elsewhere (message as Nextcloud's).
namespace OCP\Lock;

class LockedException extends \Exception {
	private string $path;
	private ?string $existingLock;

	public function __construct(string $path, ?\Exception $previous = null, ?string $existingLock = null, ?string $readablePath = null) {
		$message = $readablePath ? "\"$path\"(\"$readablePath\") is locked" : '"' . $path . '" is locked';
		if ($existingLock) {
			$message .= ', existing lock on file: ' . $existingLock;
		}
		parent::__construct($message, 0, $previous);
		$this->path = $path;
		$this->existingLock = $existingLock;
	}

	public function getPath(): string {
		return $this->path;
	}

	public function getExistingLock(): ?string {
		return $this->existingLock;
	}
}

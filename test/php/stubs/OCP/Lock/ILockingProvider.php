<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Lock\ILockingProvider (unverified: read from nextcloud/server, see StubSignaturesTest).
namespace OCP\Lock;

interface ILockingProvider {
	public const LOCK_SHARED = 1;
	public const LOCK_EXCLUSIVE = 2;

	public function isLocked(string $path, int $type): bool;

	public function acquireLock(string $path, int $type, ?string $readablePath = null): void;

	public function releaseLock(string $path, int $type): void;

	public function changeLock(string $path, int $targetType): void;

	public function releaseAll(): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\ISession, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface ISession {
	public function clear();

	public function close();

	public function exists(string $key): bool;

	public function get(string $key);

	public function getId(): string;

	public function regenerateId(bool $deleteOldSession = true, bool $updateToken = false);

	public function remove(string $key);

	public function reopen(): bool;

	public function set(string $key, $value);
}

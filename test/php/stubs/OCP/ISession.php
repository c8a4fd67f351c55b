<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\ISession this app uses, with the real signatures.
namespace OCP;

interface ISession {
	public function set(string $key, $value);

	public function get(string $key);

	public function exists(string $key): bool;

	public function remove(string $key);
}

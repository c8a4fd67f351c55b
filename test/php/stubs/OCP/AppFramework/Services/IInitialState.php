<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Services\IInitialState, signatures only (checked by StubSignaturesTest).
namespace OCP\AppFramework\Services;

use Closure;

interface IInitialState {
	public function provideInitialState(string $key, $data): void;

	public function provideLazyInitialState(string $key, Closure $closure): void;
}

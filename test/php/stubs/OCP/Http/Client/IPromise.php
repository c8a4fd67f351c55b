<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Http\Client\IPromise, signatures only (checked by StubSignaturesTest).
namespace OCP\Http\Client;

interface IPromise {
	public const STATE_PENDING = 'pending';

	public const STATE_FULFILLED = 'fulfilled';

	public const STATE_REJECTED = 'rejected';

	public function cancel(): void;

	public function getState(): string;

	public function then(?callable $onFulfilled = null, ?callable $onRejected = null): IPromise;

	public function wait(bool $unwrap = true): mixed;
}

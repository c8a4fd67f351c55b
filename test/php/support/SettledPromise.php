<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IPromise of a request that already ran: fulfilled with its response or rejected with its exception.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IPromise;

final class SettledPromise implements IPromise {
	private function __construct(
		private string $state,
		private mixed $value,
	) {
	}

	/** @param callable(): mixed $request */
	public static function settle(callable $request): self {
		try {
			return new self(self::STATE_FULFILLED, $request());
		} catch (\Exception $e) {
			return new self(self::STATE_REJECTED, $e);
		}
	}

	public function then(?callable $onFulfilled = null, ?callable $onRejected = null): IPromise {
		$handler = $this->state === self::STATE_FULFILLED ? $onFulfilled : $onRejected;
		if ($handler === null) {
			return $this;
		}
		return self::settle(fn () => $handler($this->value));
	}

	public function getState(): string {
		return $this->state;
	}

	public function cancel(): void {
	}

	public function wait(bool $unwrap = true): mixed {
		if ($unwrap && $this->state === self::STATE_REJECTED) {
			throw $this->value;
		}
		return $unwrap ? $this->value : null;
	}
}

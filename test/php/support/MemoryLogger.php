<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// PSR-3 logger that keeps every record, so tests can read what was logged.
namespace OCA\McpCompanion\Tests\Support;

use Psr\Log\AbstractLogger;

class MemoryLogger extends AbstractLogger {
	/** @var list<array{level: mixed, message: string, context: array}> */
	public array $records = [];

	public function log($level, \Stringable|string $message, array $context = []): void {
		$this->records[] = ['level' => $level, 'message' => (string)$message, 'context' => $context];
	}

	/** @return list<string> the messages logged at $level */
	public function messages(string $level): array {
		return array_values(array_map(fn ($r) => $r['message'], array_filter($this->records, fn ($r) => $r['level'] === $level)));
	}
}

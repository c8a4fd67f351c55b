<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IL10N that returns the English source text (or a given translation) with %s/%1$s placeholders filled in.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IL10N;

class StaticL10N implements IL10N {
	/** @param array<string, string> $translations */
	public function __construct(
		private array $translations = [],
		private string $languageCode = 'en',
	) {
	}

	public function t(string $text, $parameters = []): string {
		return vsprintf($this->translations[$text] ?? $text, (array)$parameters);
	}

	public function n(string $text_singular, string $text_plural, int $count, array $parameters = []): string {
		return $this->t($count === 1 ? $text_singular : $text_plural, [$count, ...$parameters]);
	}

	public function getLanguageCode(): string {
		return $this->languageCode;
	}

	public function getLocaleCode(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function l(string $type, $data, array $options = []) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IL10N, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IL10N {
	public function getLanguageCode(): string;

	public function getLocaleCode(): string;

	public function l(string $type, $data, array $options = []);

	public function n(string $text_singular, string $text_plural, int $count, array $parameters = []): string;

	public function t(string $text, $parameters = []): string;
}

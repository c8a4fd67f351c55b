<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\IL10N this app uses, with the real signatures.
namespace OCP;

interface IL10N {
	public function t(string $text, $parameters = []): string;

	public function n(string $text_singular, string $text_plural, int $count, array $parameters = []): string;

	public function getLanguageCode(): string;
}

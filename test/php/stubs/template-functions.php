<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's global template helpers p() and print_unescaped() used by templates/.

function p($string): void {
	print(htmlspecialchars((string)$string, ENT_QUOTES | ENT_HTML5, 'UTF-8'));
}

function print_unescaped($string): void {
	print($string);
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Reads ocp-signatures.json again from a Nextcloud server's own sources: php test/php/read-ocp-signatures.php <root>.
//
// <root> is a Nextcloud server checkout or installation (the folder with 3rdparty/ and lib/). Every type named in
// ocp-signatures.json, in ocp-signatures-unverified.json and on the command line is loaded through Nextcloud's own
// autoloaders and rendered by support/SignatureRenderer.php; the JSON goes to stdout, and a type this Nextcloud does
// not have is named on stderr and left out. See ocp-signatures.md.

use OCA\McpCompanion\Tests\Support\SignatureRenderer;

require __DIR__ . '/support/SignatureRenderer.php';

/** @return list<string> the type names a signatures file holds */
function readTypeNames(string $file): array {
	return array_keys(json_decode((string)file_get_contents($file), true, 64, JSON_THROW_ON_ERROR));
}

/**
 * Methods with __construct first, then by name ignoring case; properties by name; constants as declared.
 *
 * @param array<string, mixed> $entry
 * @return array<string, mixed>
 */
function orderEntry(array $entry): array {
	$head = array_intersect_key($entry, ['@declaration' => true, '@attribute' => true, '__construct' => true]);
	$tail = array_intersect_key($entry, ['@properties' => true, '@constants' => true]);
	$methods = array_diff_key($entry, $head, $tail);
	uksort($methods, 'strcasecmp');
	return $head + $methods + $tail;
}

$root = $argv[1] ?? '';
if (!is_file("$root/3rdparty/autoload.php") || !is_file("$root/lib/composer/autoload.php")) {
	fwrite(STDERR, "Usage: php test/php/read-ocp-signatures.php <nextcloud-root> [OCP\\Type ...]\n"
		. "<nextcloud-root> must hold 3rdparty/autoload.php and lib/composer/autoload.php.\n");
	exit(2);
}
require "$root/3rdparty/autoload.php";
require "$root/lib/composer/autoload.php";

$types = array_unique(array_merge(
	readTypeNames(__DIR__ . '/ocp-signatures.json'),
	readTypeNames(__DIR__ . '/ocp-signatures-unverified.json'),
	array_slice($argv, 2),
));
sort($types);

$signatures = [];
foreach ($types as $type) {
	if (!class_exists($type) && !interface_exists($type) && !trait_exists($type) && !enum_exists($type)) {
		fwrite(STDERR, "$type does not exist in this Nextcloud; left out\n");
		continue;
	}
	$signatures[$type] = orderEntry(SignatureRenderer::renderType($type));
}
echo json_encode($signatures, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR), "\n";

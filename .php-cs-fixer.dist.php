<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// php-cs-fixer with Nextcloud's coding standard over every PHP file of the repository (`make test-php-standards`).

require_once __DIR__ . '/vendor/autoload.php';

use Nextcloud\CodingStandard\Config;

/**
 * The package mirror this project installs from has nextcloud/coding-standard up to v1.1.1; the rules its later
 * releases add are listed here so the check matches what Nextcloud apps run today.
 */
$config = new class() extends Config {
	public function getRules(): array {
		return [
			...parent::getRules(),
			'array_syntax' => true,
			'list_syntax' => true,
			'no_leading_import_slash' => true,
			'nullable_type_declaration_for_default_null_value' => true,
			'phpdoc_var_annotation_correct_order' => true,
			'types_spaces' => ['space' => 'none', 'space_multiple_catch' => 'none'],
			'yoda_style' => ['equal' => false, 'identical' => false, 'less_and_greater' => false],
		];
	}
};
$config
	->setCacheFile(__DIR__ . '/.php-cs-fixer.cache')
	->getFinder()
	->in(array_map(fn (string $folder) => __DIR__ . "/$folder", ['appinfo', 'lib', 'templates', 'test/php', 'test/e2e/harness']))
	->append([__FILE__]);
return $config;

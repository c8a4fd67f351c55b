<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Renders the app's templates/*.php the way Nextcloud does: parameters as $_, the IL10N as $l.
namespace OCA\McpCompanion\Tests\Support;

use OCP\AppFramework\Http\TemplateResponse;
use OCP\IL10N;

class TemplateRenderer {
	public function __construct(
		private string $appRoot,
		private IL10N $l,
	) {
	}

	public function render(TemplateResponse $response): string {
		$file = $this->appRoot . '/templates/' . basename($response->getTemplateName()) . '.php';
		$renderTemplate = static function (string $__file, array $_, IL10N $l): string {
			ob_start();
			require $__file;
			return (string)ob_get_clean();
		};
		return $renderTemplate($file, $response->getParams(), $this->l);
	}
}

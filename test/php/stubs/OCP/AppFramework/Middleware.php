<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\AppFramework\Middleware base class.
namespace OCP\AppFramework;

use Exception;
use OCP\AppFramework\Http\Response;

abstract class Middleware {
	public function beforeController(Controller $controller, string $methodName) {
	}

	public function afterException(Controller $controller, string $methodName, Exception $exception) {
		throw $exception;
	}

	public function afterController(Controller $controller, string $methodName, Response $response) {
		return $response;
	}

	public function beforeOutput(Controller $controller, string $methodName, string $output) {
		return $output;
	}
}

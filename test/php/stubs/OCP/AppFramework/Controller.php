<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Controller base class, with its JSON responder.
namespace OCP\AppFramework;

use Closure;
use OCP\AppFramework\Http\JSONResponse;
use OCP\AppFramework\Http\Response;
use OCP\IRequest;

abstract class Controller {
	protected $appName;
	protected $request;
	/** @var array<string, Closure> */
	private array $responders;

	public function __construct($appName, IRequest $request) {
		$this->appName = $appName;
		$this->request = $request;
		$this->responders = ['json' => fn ($data) => $data instanceof Response ? $data : new JSONResponse($data)];
	}

	public function getResponderByHTTPHeader($acceptHeader, $default = 'json') {
		foreach (preg_split('/\s*,\s*/', (string)$acceptHeader) as $header) {
			$format = strtolower(trim(explode(';', $header)[0]));
			$format = str_starts_with($format, 'application/') ? substr($format, strlen('application/')) : $format;
			if ($this->isResponderRegistered($format)) {
				return $format;
			}
		}
		return $default;
	}

	protected function registerResponder($format, Closure $responder) {
		$this->responders[$format] = $responder;
	}

	public function buildResponse($response, $format = 'json') {
		if (!$this->isResponderRegistered($format)) {
			throw new \DomainException('No responder registered for format ' . $format . '!');
		}
		return ($this->responders[$format])($response);
	}

	public function isResponderRegistered(string $responder): bool {
		return isset($this->responders[$responder]);
	}
}

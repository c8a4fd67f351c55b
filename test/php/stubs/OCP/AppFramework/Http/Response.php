<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\AppFramework\Http\Response this app uses.
namespace OCP\AppFramework\Http;

use OCP\AppFramework\Http;

class Response {
	/** @var array<string, string> */
	private array $headers = [];
	private int $status;

	public function __construct(int $status = Http::STATUS_OK, array $headers = []) {
		$this->status = $status;
		$this->headers = $headers;
	}

	public function addHeader($name, $value) {
		$this->headers[$name] = $value;
		return $this;
	}

	public function setHeaders(array $headers) {
		$this->headers = $headers;
		return $this;
	}

	public function getHeaders() {
		return $this->headers;
	}

	public function render() {
		return '';
	}

	public function setStatus($status) {
		$this->status = $status;
		return $this;
	}

	public function getStatus() {
		return $this->status;
	}
}

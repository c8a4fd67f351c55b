<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Http\JSONResponse.
namespace OCP\AppFramework\Http;

use OCP\AppFramework\Http;

class JSONResponse extends Response {
	protected $data;
	protected $encodeFlags;

	public function __construct(mixed $data = [], int $statusCode = Http::STATUS_OK, array $headers = [], int $encodeFlags = 0) {
		parent::__construct($statusCode, $headers);
		$this->data = $data;
		$this->encodeFlags = $encodeFlags;
		$this->addHeader('Content-Type', 'application/json; charset=utf-8');
	}

	/** Like Nextcloud: HTML-safe JSON, throwing on data that cannot be encoded. */
	public function render() {
		return json_encode($this->data, JSON_HEX_TAG | JSON_THROW_ON_ERROR | $this->encodeFlags);
	}

	public function setData($data) {
		$this->data = $data;
		return $this;
	}

	public function getData() {
		return $this->data;
	}
}

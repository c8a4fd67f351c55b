<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Http\RedirectResponse (303 See Other with a Location header).
namespace OCP\AppFramework\Http;

use OCP\AppFramework\Http;

class RedirectResponse extends Response {
	private string $redirectURL;

	public function __construct(string $redirectURL, int $status = Http::STATUS_SEE_OTHER, array $headers = []) {
		parent::__construct($status, $headers);
		$this->redirectURL = $redirectURL;
		$this->addHeader('Location', $redirectURL);
	}

	public function getRedirectURL() {
		return $this->redirectURL;
	}
}

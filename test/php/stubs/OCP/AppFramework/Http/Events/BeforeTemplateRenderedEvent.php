<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Http\Events\BeforeTemplateRenderedEvent.
namespace OCP\AppFramework\Http\Events;

use OCP\AppFramework\Http\TemplateResponse;
use OCP\EventDispatcher\Event;

class BeforeTemplateRenderedEvent extends Event {
	private $loggedIn;
	private $response;

	public function __construct(bool $loggedIn, TemplateResponse $response) {
		parent::__construct();
		$this->loggedIn = $loggedIn;
		$this->response = $response;
	}

	public function isLoggedIn(): bool {
		return $this->loggedIn;
	}

	public function getResponse(): TemplateResponse {
		return $this->response;
	}
}

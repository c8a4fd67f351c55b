<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\AppFramework\Http\TemplateResponse (rendering is done by the test support renderer).
namespace OCP\AppFramework\Http;

use OCP\AppFramework\Http;

class TemplateResponse extends Response {
	public const RENDER_AS_GUEST = 'guest';
	public const RENDER_AS_BLANK = '';
	public const RENDER_AS_BASE = 'base';
	public const RENDER_AS_USER = 'user';
	public const RENDER_AS_ERROR = 'error';
	public const RENDER_AS_PUBLIC = 'public';

	protected $templateName;
	protected $params;
	protected $renderAs;
	protected $appName;

	public function __construct(string $appName, string $templateName, array $params = [], string $renderAs = self::RENDER_AS_USER, int $status = Http::STATUS_OK, array $headers = []) {
		parent::__construct($status, $headers);
		$this->templateName = $templateName;
		$this->appName = $appName;
		$this->params = $params;
		$this->renderAs = $renderAs;
	}

	public function setParams(array $params) {
		$this->params = $params;
		return $this;
	}

	public function getParams() {
		return $this->params;
	}

	public function getApp(): string {
		return $this->appName;
	}

	public function getTemplateName() {
		return $this->templateName;
	}

	public function renderAs($renderAs) {
		$this->renderAs = $renderAs;
		return $this;
	}

	public function getRenderAs() {
		return $this->renderAs;
	}
}

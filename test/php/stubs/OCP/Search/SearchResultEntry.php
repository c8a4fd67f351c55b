<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Search\SearchResultEntry with its behaviour (what the search bar receives as JSON).
namespace OCP\Search;

use JsonSerializable;

class SearchResultEntry implements JsonSerializable {
	protected $thumbnailUrl;
	protected $title;
	protected $subline;
	protected $resourceUrl;
	protected $icon;
	protected $rounded;
	protected $attributes = [];

	public function __construct(string $thumbnailUrl, string $title, string $subline, string $resourceUrl, string $icon = '', bool $rounded = false) {
		$this->thumbnailUrl = $thumbnailUrl;
		$this->title = $title;
		$this->subline = $subline;
		$this->resourceUrl = $resourceUrl;
		$this->icon = $icon;
		$this->rounded = $rounded;
	}

	public function addAttribute(string $key, string $value): void {
		$this->attributes[$key] = $value;
	}

	public function jsonSerialize(): array {
		return [
			'thumbnailUrl' => $this->thumbnailUrl,
			'title' => $this->title,
			'subline' => $this->subline,
			'resourceUrl' => $this->resourceUrl,
			'icon' => $this->icon,
			'rounded' => $this->rounded,
			'attributes' => $this->attributes,
		];
	}
}

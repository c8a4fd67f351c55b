<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Search\SearchResult with its behaviour (a list of entries, paginated or complete).
namespace OCP\Search;

use JsonSerializable;

final class SearchResult implements JsonSerializable {
	/** @param SearchResultEntry[] $entries */
	private function __construct(
		private string $name,
		private bool $isPaginated,
		private array $entries,
		private $cursor = null,
	) {
	}

	public static function complete(string $name, array $entries): self {
		return new self($name, false, $entries);
	}

	public static function paginated(string $name, array $entries, $cursor): self {
		return new self($name, true, $entries, $cursor);
	}

	public function jsonSerialize(): array {
		return [
			'name' => $this->name,
			'isPaginated' => $this->isPaginated,
			'entries' => array_values($this->entries),
			'cursor' => $this->cursor,
		];
	}
}

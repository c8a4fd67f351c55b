<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// A unified-search query as Nextcloud's search controller builds it: term, limit, cursor and the route searched from.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Search\IFilter;
use OCP\Search\IFilterCollection;
use OCP\Search\ISearchQuery;

class SimpleSearchQuery implements ISearchQuery {
	public function __construct(
		private string $term,
		private int $limit = 5,
		private int|string|null $cursor = null,
		private string $route = 'files.view.index',
	) {
	}

	public function getTerm(): string {
		return $this->term;
	}

	public function getFilter(string $name): ?IFilter {
		return null;
	}

	public function getFilters(): IFilterCollection {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSortOrder(): int {
		return self::SORT_DATE_DESC;
	}

	public function getLimit(): int {
		return $this->limit;
	}

	public function getCursor() {
		return $this->cursor;
	}

	public function getRoute(): string {
		return $this->route;
	}

	public function getRouteParameters(): array {
		return [];
	}
}

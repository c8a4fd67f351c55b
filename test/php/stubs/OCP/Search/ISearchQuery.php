<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Search\ISearchQuery, signatures only (checked by StubSignaturesTest).
namespace OCP\Search;

interface ISearchQuery {
	public const SORT_DATE_DESC = 1;

	public function getTerm(): string;

	public function getFilter(string $name): ?IFilter;

	public function getFilters(): IFilterCollection;

	public function getSortOrder(): int;

	public function getLimit(): int;

	public function getCursor();

	public function getRoute(): string;

	public function getRouteParameters(): array;
}

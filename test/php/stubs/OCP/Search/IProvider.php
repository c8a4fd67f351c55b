<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Search\IProvider, signatures only (checked by StubSignaturesTest).
namespace OCP\Search;

use OCP\IUser;

interface IProvider {
	public function getId(): string;

	public function getName(): string;

	public function getOrder(string $route, array $routeParameters): ?int;

	public function search(IUser $user, ISearchQuery $query): SearchResult;
}

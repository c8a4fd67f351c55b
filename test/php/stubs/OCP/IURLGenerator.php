<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\IURLGenerator this app uses, with the real signatures.
namespace OCP;

interface IURLGenerator {
	public function linkToRoute(string $routeName, array $arguments = []): string;

	public function linkToRouteAbsolute(string $routeName, array $arguments = []): string;

	public function getAbsoluteURL(string $url): string;

	public function imagePath(string $appName, string $file): string;

	public function getBaseUrl(): string;
}

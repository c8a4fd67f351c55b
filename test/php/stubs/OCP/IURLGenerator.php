<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IURLGenerator, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IURLGenerator {
	public const URL_REGEX = '/(\\s|\\n|^)(https?:\\/\\/)([-A-Z0-9+_.]+(?::[0-9]+)?(?:\\/[-A-Z0-9+&@#%?=~_|!:,.;()]*)*)(\\s|\\n|$)/mi';

	public const URL_REGEX_NO_MODIFIERS = '(\\s|\\n|^)(https?:\\/\\/)([-A-Z0-9+_.]+(?::[0-9]+)?(?:\\/[-A-Z0-9+&@#%?=~_|!:,.;()]*)*)(\\s|\\n|$)';

	public function getAbsoluteURL(string $url): string;

	public function getBaseUrl(): string;

	public function getWebroot(): string;

	public function imagePath(string $appName, string $file): string;

	public function linkTo(string $appName, string $file, array $args = []): string;

	public function linkToDefaultPageUrl(): string;

	public function linkToDocs(string $key): string;

	public function linkToOCSRouteAbsolute(string $routeName, array $arguments = []): string;

	public function linkToRoute(string $routeName, array $arguments = []): string;

	public function linkToRouteAbsolute(string $routeName, array $arguments = []): string;
}

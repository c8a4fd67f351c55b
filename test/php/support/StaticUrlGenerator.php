<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IURLGenerator for tests and the harness: Nextcloud's base URL and the few routes the companion links to.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IURLGenerator;

class StaticUrlGenerator implements IURLGenerator {
	private const ROUTES = [
		'settings.PersonalSettings.index' => '/index.php/settings/user/{section}',
		'settings.AdminSettings.index' => '/index.php/settings/admin/{section}',
		'mcp_companion.page.error' => '/index.php/apps/mcp_companion/error',
		'mcp_companion.page.search' => '/index.php/apps/mcp_companion/',
		'mcp_companion.o_auth.login' => '/index.php/apps/mcp_companion/oauth/login',
	];

	public function __construct(
		private string $baseUrl,
	) {
	}

	public function linkToRoute(string $routeName, array $arguments = []): string {
		$path = self::ROUTES[$routeName] ?? throw new \InvalidArgumentException('Unknown route ' . $routeName);
		$query = [];
		foreach ($arguments as $name => $value) {
			if (!str_contains($path, '{' . $name . '}')) {
				// Nextcloud's router (Symfony's UrlGenerator) puts arguments the route does not name in the query string.
				$query[$name] = $value;
			}
			$path = str_replace('{' . $name . '}', rawurlencode((string)$value), $path);
		}
		return $path . ($query === [] ? '' : '?' . http_build_query($query));
	}

	public function linkToRouteAbsolute(string $routeName, array $arguments = []): string {
		return $this->getAbsoluteURL($this->linkToRoute($routeName, $arguments));
	}

	public function getAbsoluteURL(string $url): string {
		return rtrim($this->baseUrl, '/') . '/' . ltrim($url, '/');
	}

	public function imagePath(string $appName, string $file): string {
		return '/apps/' . $appName . '/img/' . $file;
	}

	public function getBaseUrl(): string {
		return rtrim($this->baseUrl, '/');
	}

	public function getWebroot(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function linkTo(string $appName, string $file, array $args = []): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function linkToDefaultPageUrl(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function linkToDocs(string $key): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function linkToOCSRouteAbsolute(string $routeName, array $arguments = []): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

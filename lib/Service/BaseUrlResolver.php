<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Nextcloud's public base URL as the companion uses it for OAuth redirects: overwrite.cli.url, else the first
// trusted domain, else http://localhost.
namespace OCA\McpCompanion\Service;

use OCP\IConfig;

class BaseUrlResolver {
	private const CALLBACK_PATH = '/index.php/apps/mcp_companion/oauth/callback';

	public function __construct(
		private IConfig $config,
	) {
	}

	/** Without a trailing slash, e.g. https://cloud.example.com or https://host/cloud. */
	public function getBaseUrl(): string {
		$cliUrl = rtrim(trim($this->config->getSystemValueString('overwrite.cli.url', '')), '/');
		if ($cliUrl !== '') {
			return $cliUrl;
		}
		$trustedDomains = $this->config->getSystemValue('trusted_domains', []);
		$firstDomain = is_array($trustedDomains) ? trim((string)(array_values($trustedDomains)[0] ?? '')) : '';
		if ($firstDomain !== '') {
			$protocol = trim($this->config->getSystemValueString('overwriteprotocol', '')) ?: 'http';
			return $protocol . '://' . rtrim($firstDomain, '/');
		}
		return 'http://localhost';
	}

	/** The companion's OAuth redirect URI, registered with the OpenID provider. */
	public function getOAuthRedirectUri(): string {
		return $this->getBaseUrl() . self::CALLBACK_PATH;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// BaseUrlResolver: overwrite.cli.url, else the first trusted domain, else http://localhost; and the redirect URI.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Service\BaseUrlResolver;
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

class BaseUrlResolverTest extends TestCase {
	/** @return array<string, array{array<string, mixed>, string}> */
	public static function configurations(): array {
		return [
			'overwrite.cli.url wins' => [['overwrite.cli.url' => 'https://cloud.example.com/', 'trusted_domains' => ['other.example.com']], 'https://cloud.example.com'],
			'overwrite.cli.url with a sub-path' => [['overwrite.cli.url' => 'https://host.example.com/cloud'], 'https://host.example.com/cloud'],
			'first trusted domain over http' => [['trusted_domains' => ['cloud.example.com', 'localhost']], 'http://cloud.example.com'],
			'first trusted domain with overwriteprotocol' => [['trusted_domains' => ['cloud.example.com:8443'], 'overwriteprotocol' => 'https'], 'https://cloud.example.com:8443'],
			'empty overwrite.cli.url falls through' => [['overwrite.cli.url' => '', 'trusted_domains' => ['cloud.example.com']], 'http://cloud.example.com'],
			'nothing configured' => [[], 'http://localhost'],
			'empty trusted domains' => [['trusted_domains' => []], 'http://localhost'],
		];
	}

	#[DataProvider('configurations')]
	public function testResolvesTheBaseUrl(array $systemValues, string $expected): void {
		$resolver = new BaseUrlResolver(new InMemoryConfig($systemValues));

		$baseUrl = $resolver->getBaseUrl();

		$this->assertSame($expected, $baseUrl);
	}

	public function testBuildsTheRedirectUriUnderIndexPhp(): void {
		$resolver = new BaseUrlResolver(new InMemoryConfig(['overwrite.cli.url' => 'https://host.example.com/cloud']));

		$redirectUri = $resolver->getOAuthRedirectUri();

		$this->assertSame('https://host.example.com/cloud/index.php/apps/mcp_companion/oauth/callback', $redirectUri);
	}
}

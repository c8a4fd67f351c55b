<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// OAuthLoginService's sign-in URL: the resource (RFC 8707) the sidecar's status names goes into it when the sidecar is
// the authorization server, and nothing changes with Nextcloud's oidc app.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Exception\OAuthUnavailableException;
use OCA\McpCompanion\Service\OAuthLoginService;
use OCA\McpCompanion\Tests\OAuthTestCase;

class OAuthLoginServiceTest extends OAuthTestCase {
	public function testSignInUrlNamesTheResourceTheSidecarsOwnServerIssuesTokensFor(): void {
		$this->changeUpstreamBehaviour(['sidecar_status' => 'own-server', 'resource' => 'https://mcp.example.com/mcp']);

		$params = $this->signInParameters();

		$this->assertSame('https://mcp.example.com/mcp', $params['resource']);
		$this->assertSame(self::CLIENT_ID, $params['client_id']);
		$this->assertSame('S256', $params['code_challenge_method']);
	}

	public function testSignInUrlNamesNoResourceWithNextcloudsOidcApp(): void {
		$params = $this->signInParameters();

		$this->assertArrayNotHasKey('resource', $params);
		$this->assertSame(OAuthLoginService::SCOPE, $params['scope']);
	}

	public function testSignInIsUnavailableWhenTheStatusNamesAResourceThatIsNoHttpUrl(): void {
		$this->changeUpstreamBehaviour(['sidecar_status' => 'own-server', 'resource' => 'javascript:alert(1)']);

		try {
			$this->wiring->oauthLogin()->beginLogin();
			$this->fail('a sign-in began with a resource that is no http(s) URL');
		} catch (OAuthUnavailableException) {
			$this->assertNull($this->wiring->session->get(OAuthLoginService::SESSION_KEY));
		}
	}

	/** @return array<string, string> the query of the provider URL beginLogin() returns */
	private function signInParameters(): array {
		$url = $this->wiring->oauthLogin()->beginLogin();
		$this->assertStringStartsWith(self::$provider->issuer, $url);
		parse_str((string)parse_url($url, PHP_URL_QUERY), $params);
		return $params;
	}
}

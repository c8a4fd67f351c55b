<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Base for sign-in tests: the loopback sidecar (upstream router) in hybrid mode pointing at a real OpenID
// provider (the oidc-provider double), and a configured confidential client.
namespace OCA\McpCompanion\Tests;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\OAuthTokenService;
use OCA\McpCompanion\Tests\Support\AdjustableTimeFactory;
use OCA\McpCompanion\Tests\Support\OidcDouble;
use OCP\AppFramework\Http\RedirectResponse;

abstract class OAuthTestCase extends UpstreamTestCase {
	public const BASE_URL = 'https://cloud.example.com';
	public const REDIRECT_URI = self::BASE_URL . '/index.php/apps/mcp_companion/oauth/callback';
	public const CLIENT_ID = 'companion';
	public const CLIENT_SECRET = 'companion-secret';
	public const PUBLIC_CLIENT_ID = 'companion-public';
	public const ACCESS_TOKEN_TTL_SECONDS = 900;

	protected static OidcDouble $provider;
	/** @var array<string, mixed> */
	private array $behaviour = [];

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		$client = ['redirect_uris' => [self::REDIRECT_URI], 'grant_types' => ['authorization_code', 'refresh_token']];
		self::$provider = OidcDouble::start(self::REPO_ROOT, [
			'users' => [['id' => 'alice']],
			'clients' => [
				['client_id' => self::CLIENT_ID, 'client_secret' => self::CLIENT_SECRET] + $client,
				['client_id' => self::PUBLIC_CLIENT_ID, 'token_endpoint_auth_method' => 'none'] + $client,
			],
			'accessTokenTtlSeconds' => self::ACCESS_TOKEN_TTL_SECONDS,
		]);
	}

	public static function tearDownAfterClass(): void {
		self::$provider->stop();
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		$this->behaviour = [];
		$this->config->setSystemValue('overwrite.cli.url', self::BASE_URL);
		$this->saveSettings(oauthClientId: self::CLIENT_ID);
		$this->saveSettings(oauthClientSecret: self::CLIENT_SECRET);
		$this->changeUpstreamBehaviour(['sidecar_status' => 'hybrid', 'discovery_url' => self::$provider->discoveryUrl]);
	}

	/** Merges into the upstream router's behaviour of this test. */
	protected function changeUpstreamBehaviour(array $changes): void {
		$this->behaviour = $changes + $this->behaviour;
		$this->setUpstreamBehaviour($this->behaviour);
	}

	/** The upstream router plays the provider (discovery and token endpoint) instead of the real double. */
	protected function useFakeProvider(): void {
		$this->changeUpstreamBehaviour(['discovery_url' => null]);
	}

	/** Login → provider (signs alice in, grants consent) → the redirect's parameters (code and state). */
	protected function authorizeAtProvider(): array {
		$login = $this->dispatch('GET', '/oauth/login');
		$this->assertInstanceOf(RedirectResponse::class, $login);
		return OidcDouble::followToRedirectUri($login->getRedirectURL(), self::REDIRECT_URI);
	}

	/** The full sign-in through the real controllers and provider. */
	protected function signIn(): RedirectResponse {
		$answer = $this->authorizeAtProvider();
		$callback = $this->dispatch('GET', '/oauth/callback', ['code' => $answer['code'], 'state' => $answer['state']]);
		$this->assertInstanceOf(RedirectResponse::class, $callback);
		return $callback;
	}

	/** @return array{access_token: string, refresh_token: ?string, expires_at: ?int}|null the decrypted stored tokens */
	protected function readStoredTokens(string $userId = 'alice'): ?array {
		$encrypted = $this->storedTokenValue($userId);
		return $encrypted === '' ? null : json_decode($this->wiring->crypto->decrypt($encrypted), true);
	}

	protected function storedTokenValue(string $userId = 'alice'): string {
		return $this->config->getUserValue($userId, Application::APP_ID, OAuthTokenService::KEY_TOKENS, '');
	}

	protected function advanceClock(int $seconds): void {
		$clock = $this->wiring->timeFactory;
		$this->assertInstanceOf(AdjustableTimeFactory::class, $clock);
		$clock->advance($seconds);
	}

	protected function settingsPageUrl(string $outcome): string {
		return self::$nextcloud->url . '/index.php/settings/user/mcp_companion?mcp_oauth=' . $outcome;
	}
}

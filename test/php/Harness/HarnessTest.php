<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The e2e harness under `php -S`: the page shell the Vue bundle expects, and real controllers behind its API.
namespace OCA\McpCompanion\Tests\Harness;

use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\Support\LoopbackServer;
use OCA\McpCompanion\Tests\Support\StreamClient;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\Http\Client\IResponse;

class HarnessTest extends UpstreamTestCase {
	private const LOCAL = ['http_errors' => false, 'nextcloud' => ['allow_local_address' => true]];
	private const REFRESH_TOKEN_REASON = 'Not available: Nextcloud accepts OAuth tokens only for signing in to the MCP server, not for reading your files, notes, calendars and other apps (WebDAV and OCS need an app password). Background sync therefore uses an app password.';

	private static LoopbackServer $harness;
	private static string $harnessState;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$harnessState = sys_get_temp_dir() . '/mcp-companion-harness-' . bin2hex(random_bytes(4));
		mkdir(self::$harnessState);
		self::$harness = LoopbackServer::start(self::REPO_ROOT . '/test/e2e/harness/router.php', [
			'HARNESS_REPO' => realpath(self::REPO_ROOT),
			'HARNESS_STATE_DIR' => self::$harnessState,
			'HARNESS_USER' => 'alice',
			'HARNESS_SIDECAR_URL' => self::$upstream->url,
			'HARNESS_NEXTCLOUD_URL' => self::$nextcloud->url,
			'HARNESS_OAUTH_CLIENT_ID' => 'companion',
			'HARNESS_OAUTH_CLIENT_SECRET' => 'companion-secret',
		]);
	}

	public static function tearDownAfterClass(): void {
		self::$harness->stop();
		array_map('unlink', glob(self::$harnessState . '/*') ?: []);
		rmdir(self::$harnessState);
		parent::tearDownAfterClass();
	}

	public function testServesThePersonalPageShellWithInitialStateAndBundle(): void {
		$response = $this->harnessGet('/index.php/settings/user/mcp_companion');
		$html = (string)$response->getBody();

		$this->assertSame(200, $response->getStatusCode());
		$this->assertStringContainsString('<html lang="en"', $html);
		$this->assertMatchesRegularExpression('/<head data-requesttoken="harness-request-token"/', $html);
		$this->assertStringContainsString("window._oc_webroot = ''", $html);
		$this->assertStringContainsString('<div id="mcp_companion-personal"></div>', $html);
		// As Nextcloud's Util::addScript: a version query on the script, the section inside the settings layout.
		$this->assertMatchesRegularExpression('#<script type="module" src="/apps/mcp_companion/js/mcp_companion-personal\.mjs\?v=[0-9a-f]{8}"></script>#', $html);
		$this->assertMatchesRegularExpression('#<main id="content" class="app-settings">.*<div id="app-navigation".*<div id="app-content"[^>]*>\s*<div id="mcp_companion-personal">#s', $html);
		$this->assertSame(1, preg_match('/id="initial-state-mcp_companion-personal-settings" value="([^"]+)"/', $html, $match));
		$this->assertSame(
			['user_id' => 'alice', 'security_settings_url' => '/index.php/settings/user/security', 'server_configured' => true, 'oauth_available' => true, 'refresh_token_option' => ['available' => false, 'reason' => self::REFRESH_TOKEN_REASON]],
			json_decode(base64_decode($match[1]), true),
		);
	}

	public function testServesTheAdminPageShellForAdministrators(): void {
		$html = (string)$this->harnessGet('/index.php/settings/admin/mcp_companion')->getBody();

		$this->assertStringContainsString('<div id="mcp_companion-admin"></div>', $html);
		$this->assertStringContainsString('id="initial-state-mcp_companion-admin-settings"', $html);
	}

	public function testRoutesApiCallsToTheRealControllersWithState(): void {
		$client = new StreamClient();
		$headers = ['requesttoken' => 'harness-request-token', 'Content-Type' => 'application/json'];

		$stored = $client->post(self::$harness->url . '/index.php/apps/mcp_companion/api/v1/background-sync/credentials', self::LOCAL + ['headers' => $headers, 'body' => json_encode(['appPassword' => self::ALICE_PASSWORD])]);
		$status = $client->get(self::$harness->url . '/index.php/apps/mcp_companion/api/v1/background-sync/status', self::LOCAL + ['headers' => $headers]);

		$this->assertSame(200, $stored->getStatusCode(), (string)$stored->getBody());
		ContractAssert::assertConforms('credentials-store-success.json', (string)$stored->getBody());
		ContractAssert::assertConforms('background-sync-status-active.json', (string)$status->getBody());
	}

	public function testRefusesApiCallsWithoutTheRequestToken(): void {
		$response = $this->harnessGet('/index.php/apps/mcp_companion/api/v1/background-sync/status');

		$this->assertSame(412, $response->getStatusCode());
		$this->assertSame(['message' => 'CSRF check failed'], json_decode((string)$response->getBody(), true));
	}

	public function testOAuthLoginRedirectsToTheProviderWithTheHarnessCallbackAndASessionCookie(): void {
		$this->setUpstreamBehaviour(['sidecar_status' => 'hybrid']);

		$response = $this->harnessGet('/index.php/apps/mcp_companion/oauth/login');

		$this->assertSame(303, $response->getStatusCode());
		[$endpoint, $query] = explode('?', $response->getHeader('Location'), 2);
		parse_str($query, $params);
		$this->assertSame(self::$upstream->url . '/index.php/apps/oidc/authorize', $endpoint);
		$this->assertSame(self::$harness->url . '/index.php/apps/mcp_companion/oauth/callback', $params['redirect_uri']);
		$this->assertSame(['companion', 'S256'], [$params['client_id'], $params['code_challenge_method']]);
		$this->assertMatchesRegularExpression('/^harness_session=[a-f0-9]{32}/', $response->getHeader('Set-Cookie'));
	}

	public function testOAuthCallbackInTheSameSessionSignsInAndRedirectsToThePersonalSettings(): void {
		$this->setUpstreamBehaviour(['sidecar_status' => 'hybrid']);
		$login = $this->harnessGet('/index.php/apps/mcp_companion/oauth/login');
		$cookie = ['Cookie' => explode(';', $login->getHeader('Set-Cookie'))[0]];
		parse_str((string)parse_url($login->getHeader('Location'), PHP_URL_QUERY), $params);

		$callback = $this->harnessGet('/index.php/apps/mcp_companion/oauth/callback?code=fake-code&state=' . rawurlencode($params['state']), $cookie);
		$session = $this->harnessGet('/index.php/apps/mcp_companion/api/v1/session', $cookie + ['requesttoken' => 'harness-request-token']);

		$this->assertSame(303, $callback->getStatusCode());
		$this->assertSame(self::$harness->url . '/index.php/settings/user/mcp_companion?mcp_oauth=connected', $callback->getHeader('Location'));
		ContractAssert::assertConforms('oauth-session-signed-in.json', (string)$session->getBody());
		$this->assertSame('Bearer fake-access-2', $this->upstreamRequests('/api/v1/users/alice/session')[0]['headers']['authorization']);
	}

	public function testOAuthCallbackWithoutTheLoginsSessionRedirectsWithAnError(): void {
		$this->setUpstreamBehaviour(['sidecar_status' => 'hybrid']);
		$login = $this->harnessGet('/index.php/apps/mcp_companion/oauth/login');
		parse_str((string)parse_url($login->getHeader('Location'), PHP_URL_QUERY), $params);

		$callback = $this->harnessGet('/index.php/apps/mcp_companion/oauth/callback?code=fake-code&state=' . rawurlencode($params['state']));

		$this->assertSame(self::$harness->url . '/index.php/settings/user/mcp_companion?mcp_oauth=error', $callback->getHeader('Location'));
		$this->assertSame([], $this->upstreamRequests('/index.php/apps/oidc/token'));
	}

	/** @param array<string, string> $headers */
	private function harnessGet(string $path, array $headers = []): IResponse {
		return (new StreamClient())->get(self::$harness->url . $path, self::LOCAL + ['headers' => $headers]);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// OAuthController through routes.php: sign-in with PKCE against a real OpenID provider (oidc-provider double),
// then the session and revoke calls to the loopback sidecar with the user's Bearer token.
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\CredentialService;
use OCA\McpCompanion\Service\OAuthLoginService;
use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\OAuthTestCase;
use OCP\AppFramework\Http\RedirectResponse;

class OAuthControllerTest extends OAuthTestCase {
	public function testLoginRedirectsToTheProviderWithAnS256ChallengeOfTheStoredVerifier(): void {
		$response = $this->dispatch('GET', '/oauth/login');

		$this->assertInstanceOf(RedirectResponse::class, $response);
		$this->assertSame(303, $response->getStatus());
		[$endpoint, $query] = explode('?', $response->getRedirectURL(), 2);
		$this->assertSame(self::$provider->issuer . '/index.php/apps/oidc/authorize', $endpoint);
		parse_str($query, $params);
		$pending = json_decode((string)$this->wiring->session->get(OAuthLoginService::SESSION_KEY), true);
		$this->assertSame('code', $params['response_type']);
		$this->assertSame(self::CLIENT_ID, $params['client_id']);
		$this->assertSame(self::REDIRECT_URI, $params['redirect_uri']);
		$this->assertSame('openid profile email offline_access', $params['scope']);
		$this->assertSame('S256', $params['code_challenge_method']);
		$this->assertSame($pending['state'], $params['state']);
		$this->assertSame(rtrim(strtr(base64_encode(hash('sha256', $pending['verifier'], true)), '+/', '-_'), '='), $params['code_challenge']);
		$this->assertMatchesRegularExpression('/^[A-Za-z0-9_-]{43}$/', $pending['verifier']);
		$this->assertEqualsWithDelta(time() + 600, $pending['expires_at'], 5);
		$this->assertStringNotContainsString(self::CLIENT_SECRET, $response->getRedirectURL());
	}

	public function testLoginRedirectsBackAsUnavailableWithoutAClientId(): void {
		$this->saveSettings(oauthClientId: '');

		$response = $this->dispatch('GET', '/oauth/login');

		$this->assertSame($this->settingsPageUrl('unavailable'), $response->getHeaders()['Location']);
		$this->assertNull($this->wiring->session->get(OAuthLoginService::SESSION_KEY));
	}

	public function testLoginRedirectsBackAsUnavailableWhenTheSidecarHasNoProvider(): void {
		$this->changeUpstreamBehaviour(['sidecar_status' => 'ok']);

		$response = $this->dispatch('GET', '/oauth/login');

		$this->assertSame($this->settingsPageUrl('unavailable'), $response->getHeaders()['Location']);
	}

	public function testLoginRedirectsBackWithAnErrorWhenTheSidecarIsUnreachable(): void {
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$response = $this->dispatch('GET', '/oauth/login');

		$this->assertSame($this->settingsPageUrl('error'), $response->getHeaders()['Location']);
	}

	public function testCallbackStoresTheTokensEncryptedAndRedirectsAsConnected(): void {
		$response = $this->signIn();

		$this->assertSame($this->settingsPageUrl('connected'), $response->getRedirectURL());
		$tokens = $this->readStoredTokens();
		$this->assertMatchesRegularExpression('/^\S{16,}$/', $tokens['access_token']);
		$this->assertMatchesRegularExpression('/^\S{16,}$/', (string)$tokens['refresh_token']);
		$this->assertEqualsWithDelta(time() + self::ACCESS_TOKEN_TTL_SECONDS, $tokens['expires_at'], 5);
		$this->assertStringNotContainsString($tokens['access_token'], $this->storedTokenValue());
		$this->assertStringNotContainsString($tokens['refresh_token'], $this->storedTokenValue());
		$this->assertNull($this->wiring->session->get(OAuthLoginService::SESSION_KEY));
		$logged = json_encode(array_map(fn ($r) => [$r['message'], array_diff_key($r['context'], ['exception' => 1])], $this->logger->records));
		$this->assertStringNotContainsString($tokens['access_token'], $logged);
	}

	public function testCallbackWorksForAPublicClientWithoutSecret(): void {
		$this->saveSettings(oauthClientId: self::PUBLIC_CLIENT_ID);
		$this->saveSettings(oauthClientSecret: '');

		$response = $this->signIn();

		$this->assertSame($this->settingsPageUrl('connected'), $response->getRedirectURL());
		$this->assertNotNull($this->readStoredTokens());
	}

	public function testCallbackRefusesAStateThatDoesNotMatch(): void {
		$answer = $this->authorizeAtProvider();

		$response = $this->dispatch('GET', '/oauth/callback', ['code' => $answer['code'], 'state' => $answer['state'] . 'x']);

		$this->assertSame($this->settingsPageUrl('error'), $response->getHeaders()['Location']);
		$this->assertNull($this->readStoredTokens());
	}

	public function testCallbackRefusesAReplayedAnswer(): void {
		$answer = $this->authorizeAtProvider();
		$this->dispatch('GET', '/oauth/callback', $answer);
		$this->config->deleteUserValue('alice', Application::APP_ID, 'oauth_tokens');

		$replay = $this->dispatch('GET', '/oauth/callback', $answer);

		$this->assertSame($this->settingsPageUrl('error'), $replay->getHeaders()['Location']);
		$this->assertNull($this->readStoredTokens());
	}

	public function testCallbackRefusesAnAnswerAfterTenMinutes(): void {
		$answer = $this->authorizeAtProvider();
		$this->advanceClock(601);

		$response = $this->dispatch('GET', '/oauth/callback', $answer);

		$this->assertSame($this->settingsPageUrl('error'), $response->getHeaders()['Location']);
		$this->assertNull($this->readStoredTokens());
	}

	public function testCallbackRedirectsWithAnErrorWhenTheProviderSendsOne(): void {
		$answer = $this->authorizeAtProvider();

		$response = $this->dispatch('GET', '/oauth/callback', ['error' => 'access_denied', 'state' => $answer['state']]);

		$this->assertSame($this->settingsPageUrl('error'), $response->getHeaders()['Location']);
		$this->assertNull($this->readStoredTokens());
		$this->assertNull($this->wiring->session->get(OAuthLoginService::SESSION_KEY));
	}

	public function testCallbackRedirectsWithAnErrorWhenTheExchangeFails(): void {
		$answer = $this->authorizeAtProvider();
		$this->saveSettings(oauthClientSecret: 'wrong-secret');

		$response = $this->dispatch('GET', '/oauth/callback', $answer);

		$this->assertSame($this->settingsPageUrl('error'), $response->getHeaders()['Location']);
		$this->assertNull($this->readStoredTokens());
	}

	public function testSessionAnswersSignedOutWithoutTokens(): void {
		$response = $this->dispatch('GET', '/api/v1/session');

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('oauth-session-signed-out.json', $response);
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/'));
	}

	public function testSessionReturnsTheSidecarsSessionCalledWithTheBearerToken(): void {
		$this->saveSettings(apiKey: 'management-key-3');
		$this->signIn();

		$response = $this->dispatch('GET', '/api/v1/session');

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('oauth-session-signed-in.json', $response);
		$this->assertSame($this->readFixture('sidecar-session.json'), $response->getData()['session']);
		[$call] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame(['GET', '/api/v1/users/alice/session'], [$call['method'], $call['path']]);
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $call['headers']['authorization']);
		$this->assertSame('management-key-3', $call['headers']['x-api-key']);
	}

	public function testSessionForgetsTheTokensWhenTheSidecarNoLongerAcceptsThem(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_session' => 'unauthorized']);

		$response = $this->dispatch('GET', '/api/v1/session');

		ContractAssert::assertConforms('oauth-session-error.json', $response);
		$this->assertSame(['signed_in' => false, 'error' => 'sign_in_required', 'message' => 'Sign in to the MCP server again: your session has expired.'], $response->getData());
		$this->assertNull($this->readStoredTokens());
	}

	/** @return array<string, array{array<string, mixed>, string}> */
	public static function failingSidecars(): array {
		return [
			'error status' => [['sidecar_session' => 'error'], 'The MCP server refused the request.'],
			'not JSON' => [['sidecar_session' => 'garbage'], 'The MCP server sent an answer the companion does not understand.'],
		];
	}

	#[\PHPUnit\Framework\Attributes\DataProvider('failingSidecars')]
	public function testSessionReportsAFailingSidecarAndKeepsTheTokens(array $behaviour, string $message): void {
		$this->signIn();
		$this->changeUpstreamBehaviour($behaviour);

		$response = $this->dispatch('GET', '/api/v1/session');

		ContractAssert::assertConforms('oauth-session-error.json', $response);
		$this->assertSame(['signed_in' => true, 'error' => 'upstream_error', 'message' => $message], $response->getData());
		$this->assertNotNull($this->readStoredTokens());
	}

	public function testSessionReportsAnUnreachableSidecar(): void {
		$this->signIn();
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$response = $this->dispatch('GET', '/api/v1/session');

		ContractAssert::assertConforms('oauth-session-error.json', $response);
		$this->assertSame(['signed_in' => true, 'error' => 'upstream_error', 'message' => 'The MCP server could not be reached.'], $response->getData());
	}

	public function testRevokeReturnsTheSidecarsAnswerAndRemovesTheLocalAppPassword(): void {
		$this->signIn();
		$this->config->setUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD, 'encrypted-copy');

		$response = $this->dispatch('POST', '/api/v1/session/revoke');

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('oauth-revoke.json', $response);
		$this->assertSame($this->readFixture('sidecar-revoke.json'), $response->getData()['revoked']);
		[$call] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame(['POST', '/api/v1/users/alice/revoke'], [$call['method'], $call['path']]);
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $call['headers']['authorization']);
		$this->assertSame('', $this->config->getUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD, ''));
	}

	public function testRevokeReportsAFailingSidecarAndKeepsTheLocalAppPassword(): void {
		$this->signIn();
		$this->config->setUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD, 'encrypted-copy');
		$this->changeUpstreamBehaviour(['sidecar_revoke' => 'error']);

		$response = $this->dispatch('POST', '/api/v1/session/revoke');

		$this->assertSame(502, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('encrypted-copy', $this->config->getUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD, ''));
	}

	public function testRevokeAsksToSignInAgainWhenTheSidecarRefusesTheToken(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_revoke' => 'unauthorized']);

		$response = $this->dispatch('POST', '/api/v1/session/revoke');

		$this->assertSame(403, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('Sign in to the MCP server again: your session has expired.', $response->getData()['message']);
		$this->assertNull($this->readStoredTokens());
	}

	public function testRevokeWithoutSignInAsksToSignIn(): void {
		$response = $this->dispatch('POST', '/api/v1/session/revoke');

		$this->assertSame(403, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/'));
	}

	public function testLogoutForgetsTheTokens(): void {
		$this->signIn();

		$response = $this->dispatch('POST', '/oauth/logout');

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('oauth-logout.json', $response);
		$this->assertNull($this->readStoredTokens());
	}

	public function testJsonRoutesNeedTheRequestTokenAndLoginRoutesDoNot(): void {
		$logout = $this->dispatch('POST', '/oauth/logout', [], 'alice', false, false);
		$revoke = $this->dispatch('POST', '/api/v1/session/revoke', [], 'alice', false, false);
		$login = $this->dispatch('GET', '/oauth/login', [], 'alice', false, false);

		$this->assertSame([412, 412, 303], [$logout->getStatus(), $revoke->getStatus(), $login->getStatus()]);
	}

	private function readFixture(string $name): array {
		return json_decode((string)file_get_contents(ContractAssert::CONTRACT_DIR . '/' . $name), true);
	}
}

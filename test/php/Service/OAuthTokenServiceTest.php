<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// OAuthTokenService: refreshing shortly before expiry against a real OpenID provider (rotating refresh tokens),
// forgetting on invalid_grant only the tokens that were used, waiting for the refresh lock, and refusing a refresh
// without a new refresh token (fake token endpoint).
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Exception\OAuthProviderException;
use OCA\McpCompanion\Exception\OAuthSignInRequiredException;
use OCA\McpCompanion\Service\OAuthRefreshLock;
use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\OAuthTestCase;
use OCA\McpCompanion\Tests\Support\InterceptingClientService;
use OCP\Lock\ILockingProvider;

class OAuthTokenServiceTest extends OAuthTestCase {
	public function testReturnsTheStoredAccessTokenWhileItIsValidForMoreThanAMinute(): void {
		$this->signIn();
		$before = $this->readStoredTokens();
		$this->advanceClock(self::ACCESS_TOKEN_TTL_SECONDS - 61);

		$token = $this->wiring->oauthTokens()->getAccessToken('alice');

		$this->assertSame($before['access_token'], $token);
		$this->assertSame($before, $this->readStoredTokens());
	}

	public function testRefreshesAtTheProviderWithinAMinuteOfExpiryAndStoresTheRotatedTokens(): void {
		$this->signIn();
		$before = $this->readStoredTokens();
		$this->advanceClock(self::ACCESS_TOKEN_TTL_SECONDS - 30);

		$token = $this->wiring->oauthTokens()->getAccessToken('alice');

		$after = $this->readStoredTokens();
		$this->assertSame($after['access_token'], $token);
		$this->assertNotSame($before['access_token'], $after['access_token']);
		$this->assertNotSame($before['refresh_token'], $after['refresh_token']);
		$this->assertEqualsWithDelta($this->wiring->timeFactory->getTime() + self::ACCESS_TOKEN_TTL_SECONDS, $after['expires_at'], 5);
		$this->assertStringNotContainsString($token, $this->storedTokenValue());
	}

	public function testTheSessionRouteUsesTheRefreshedToken(): void {
		$this->signIn();
		$this->advanceClock(self::ACCESS_TOKEN_TTL_SECONDS - 30);

		$response = $this->dispatch('GET', '/api/v1/session');

		ContractAssert::assertConforms('oauth-session-signed-in.json', $response);
		[$call] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $call['headers']['authorization']);
	}

	public function testForgetsTheTokensWhenTheProviderAnswersInvalidGrant(): void {
		$this->signIn();
		$spent = $this->storedTokenValue();
		$this->advanceClock(self::ACCESS_TOKEN_TTL_SECONDS - 30);
		$this->wiring->oauthTokens()->getAccessToken('alice');
		$this->config->setUserValue('alice', 'mcp_companion', 'oauth_tokens', $spent);

		$response = $this->dispatch('GET', '/api/v1/session');

		ContractAssert::assertConforms('oauth-session-error.json', $response);
		$this->assertSame(['signed_in' => false, 'error' => 'sign_in_required', 'message' => 'Sign in to the MCP server again: your session has expired.'], $response->getData());
		$this->assertNull($this->readStoredTokens());
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/'));
	}

	public function testUsesTheTokensAnotherRequestStoredWhileItsOwnRefreshWasRefused(): void {
		$this->useFakeProvider();
		$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);
		$this->changeUpstreamBehaviour(['token_answer' => [400, ['error' => 'invalid_grant']]]);
		$this->advanceClock(900);
		$newer = ['access_token' => 'stored-by-another-request', 'refresh_token' => 'fake-refresh-3', 'expires_at' => $this->wiring->timeFactory->getTime() + 900];
		// Without a working lock (filelocking.enabled false) another request can rotate the token while this one asks.
		$this->wiring->clientService = new InterceptingClientService($this->clients, function () use ($newer): void {
			$this->config->setUserValue('alice', 'mcp_companion', 'oauth_tokens', $this->wiring->crypto->encrypt(json_encode($newer)));
		});

		$token = $this->wiring->oauthTokens()->getAccessToken('alice');

		$this->assertSame('stored-by-another-request', $token);
		$this->assertSame($newer, $this->readStoredTokens());
	}

	public function testAsksToTryAgainAndKeepsTheTokensWhileAnotherRequestHoldsTheRefreshLock(): void {
		$this->useFakeProvider();
		$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);
		$before = $this->storedTokenValue();
		$this->advanceClock(900);
		$this->wiring->refreshLockWaitSeconds = 0.3;
		$this->wiring->locking->acquireLock(OAuthRefreshLock::buildKey('alice'), ILockingProvider::LOCK_EXCLUSIVE);

		try {
			$this->wiring->oauthTokens()->getAccessToken('alice');
			$this->fail('getAccessToken did not wait for the lock');
		} catch (OAuthProviderException $e) {
			$this->assertSame('The sign-in at the MCP server is being renewed. Please try again in a moment.', $e->getMessage());
		} finally {
			$this->wiring->locking->releaseLock(OAuthRefreshLock::buildKey('alice'), ILockingProvider::LOCK_EXCLUSIVE);
		}

		$this->assertSame($before, $this->storedTokenValue());
		$this->assertCount(1, $this->upstreamRequests('/index.php/apps/oidc/token'), 'only the sign-in reached the token endpoint');
	}

	public function testRefusesARefreshAnswerWithoutRefreshTokenAndKeepsTheOldTokens(): void {
		$this->useFakeProvider();
		$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);
		$before = $this->storedTokenValue();
		$this->changeUpstreamBehaviour(['token_answer' => [200, ['access_token' => 'fake-access-3', 'expires_in' => 900, 'token_type' => 'Bearer']]]);
		$this->advanceClock(900);

		$response = $this->dispatch('GET', '/api/v1/session');

		ContractAssert::assertConforms('oauth-session-error.json', $response);
		$this->assertSame(['signed_in' => true, 'error' => 'upstream_error', 'message' => 'The sign-in at the MCP server could not be renewed. Please try again later.'], $response->getData());
		$this->assertSame($before, $this->storedTokenValue());
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/'));
	}

	public function testSendsTheClientSecretInTheBodyOfAConfidentialClientsRequests(): void {
		$this->useFakeProvider();

		$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);

		[$request] = $this->upstreamRequests('/index.php/apps/oidc/token');
		parse_str($request['body'], $form);
		$this->assertSame('application/x-www-form-urlencoded', $request['headers']['content-type']);
		$this->assertSame([
			'grant_type' => 'authorization_code',
			'code' => 'fake-code',
			'redirect_uri' => self::REDIRECT_URI,
			'code_verifier' => 'fake-verifier',
			'client_id' => self::CLIENT_ID,
			'client_secret' => self::CLIENT_SECRET,
		], $form);
		$this->assertArrayNotHasKey('authorization', $request['headers']);
	}

	public function testSendsOnlyTheClientIdForAPublicClientsRefresh(): void {
		$this->useFakeProvider();
		$this->saveSettings(oauthClientId: self::PUBLIC_CLIENT_ID);
		$this->saveSettings(oauthClientSecret: '');
		$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);
		$this->advanceClock(900);

		$token = $this->wiring->oauthTokens()->getAccessToken('alice');

		$requests = $this->upstreamRequests('/index.php/apps/oidc/token');
		parse_str($requests[1]['body'], $form);
		$this->assertSame(['grant_type' => 'refresh_token', 'refresh_token' => 'fake-refresh-2', 'client_id' => self::PUBLIC_CLIENT_ID], $form);
		$this->assertSame('fake-access-2', $token);
	}

	public function testRefusesATokenAnswerWithoutAccessTokenAndStoresNothing(): void {
		$this->useFakeProvider();
		$this->changeUpstreamBehaviour(['token_answer' => [200, ['token_type' => 'Bearer', 'refresh_token' => 'fake-refresh-9']]]);

		$this->expectException(OAuthProviderException::class);
		try {
			$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);
		} finally {
			$this->assertNull($this->readStoredTokens());
		}
	}

	public function testKeepsTheTokensWhenTheProviderFailsOtherwise(): void {
		$this->useFakeProvider();
		$this->wiring->oauthTokens()->exchangeCode('alice', 'fake-code', 'fake-verifier', self::REDIRECT_URI);
		$before = $this->storedTokenValue();
		$this->changeUpstreamBehaviour(['token_answer' => [500, ['error' => 'server_error']]]);
		$this->advanceClock(900);

		$this->expectException(OAuthProviderException::class);
		try {
			$this->wiring->oauthTokens()->getAccessToken('alice');
		} finally {
			$this->assertSame($before, $this->storedTokenValue());
		}
	}

	public function testAsksToSignInWhenNothingIsStored(): void {
		$this->expectException(OAuthSignInRequiredException::class);

		$this->wiring->oauthTokens()->getAccessToken('alice');
	}
}

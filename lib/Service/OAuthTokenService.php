<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The user's tokens for the sidecar's management API: obtained at the provider's token endpoint, kept encrypted
// in the user's preferences, refreshed shortly before they expire, one refresh per user at a time.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\OAuthProviderException;
use OCA\McpCompanion\Exception\OAuthSignInRequiredException;
use OCA\McpCompanion\Exception\OAuthUnavailableException;
use OCA\McpCompanion\Exception\SidecarNotConfiguredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCP\AppFramework\Utility\ITimeFactory;
use OCP\Http\Client\IClientService;
use OCP\IConfig;
use OCP\IL10N;
use OCP\Lock\LockedException;
use OCP\Security\ICrypto;
use Psr\Log\LoggerInterface;

class OAuthTokenService {
	/** One encrypted JSON value: access_token, refresh_token, expires_at (Unix seconds or null). */
	public const KEY_TOKENS = 'oauth_tokens';
	/** Refresh when the access token expires within this many seconds. */
	private const REFRESH_MARGIN_SECONDS = 60;
	private const TIMEOUT_SECONDS = 15;

	public function __construct(
		private IConfig $config,
		private ICrypto $crypto,
		private IClientService $clientService,
		private ProviderDiscovery $discovery,
		private SettingsService $settings,
		private OAuthRefreshLock $refreshLock,
		private ITimeFactory $timeFactory,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	public function hasTokens(string $userId): bool {
		return $this->readTokens($userId) !== null;
	}

	/**
	 * Exchanges an authorization code (with its PKCE verifier) and stores the tokens; stores nothing on failure.
	 *
	 * @throws OAuthProviderException|OAuthSignInRequiredException|OAuthUnavailableException
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function exchangeCode(string $userId, string $code, string $codeVerifier, string $redirectUri): void {
		$answer = $this->requestTokens([
			'grant_type' => 'authorization_code',
			'code' => $code,
			'redirect_uri' => $redirectUri,
			'code_verifier' => $codeVerifier,
		]);
		$this->storeTokens($userId, $answer);
	}

	/**
	 * A valid access token, refreshed first when it expires within a minute. Nextcloud rotates refresh tokens, so
	 * the refresh runs under the user's lock: a second request waits, then finds the new tokens and uses them.
	 *
	 * @throws OAuthSignInRequiredException no tokens, or the provider no longer accepts the refresh token (then forgotten)
	 * @throws OAuthProviderException the refresh failed for another reason, or another request is still refreshing; the stored tokens are kept
	 * @throws OAuthUnavailableException|SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function getAccessToken(string $userId): string {
		$tokens = $this->readTokens($userId) ?? throw $this->buildSignInRequired();
		if ($this->isFresh($tokens)) {
			return $tokens['access_token'];
		}
		try {
			return $this->refreshLock->runExclusively($userId, fn (): string => $this->refreshUnderLock($userId));
		} catch (LockedException $e) {
			$this->logger->warning('Another request has been renewing the MCP server sign-in for too long', ['userId' => $userId]);
			throw new OAuthProviderException($this->l->t('The sign-in at the MCP server is being renewed. Please try again in a moment.'));
		}
	}

	public function forgetTokens(string $userId): void {
		$this->config->deleteUserValue($userId, Application::APP_ID, self::KEY_TOKENS);
	}

	/** @param array{access_token: string, refresh_token: ?string, expires_at: ?int} $tokens */
	private function isFresh(array $tokens): bool {
		return $tokens['expires_at'] === null || $tokens['expires_at'] - $this->timeFactory->getTime() > self::REFRESH_MARGIN_SECONDS;
	}

	/**
	 * Holds the user's refresh lock: reads the tokens again, since the request that held the lock before may have
	 * refreshed them (or signed the user out) meanwhile.
	 *
	 * @throws OAuthSignInRequiredException|OAuthProviderException|OAuthUnavailableException|SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	private function refreshUnderLock(string $userId): string {
		$tokens = $this->readTokens($userId) ?? throw $this->buildSignInRequired();
		if ($this->isFresh($tokens)) {
			return $tokens['access_token'];
		}
		if ($tokens['refresh_token'] === null) {
			if ($tokens['expires_at'] > $this->timeFactory->getTime()) {
				return $tokens['access_token'];
			}
			$this->forgetTokens($userId);
			throw $this->buildExpired();
		}
		return $this->refresh($userId, $tokens['refresh_token']);
	}

	/** @throws OAuthSignInRequiredException|OAuthProviderException|OAuthUnavailableException|SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException */
	private function refresh(string $userId, string $refreshToken): string {
		try {
			$answer = $this->requestTokens(['grant_type' => 'refresh_token', 'refresh_token' => $refreshToken]);
		} catch (OAuthSignInRequiredException $e) {
			return $this->handleRefusedRefreshToken($userId, $refreshToken, $e);
		}
		if ($answer['refresh_token'] === null) {
			// Nextcloud rotates refresh tokens: the old one is spent, and a refresh without a new one cannot be repeated.
			$this->logger->warning('The OpenID provider refreshed the tokens without a new refresh token; keeping the old tokens', ['userId' => $userId]);
			throw new OAuthProviderException($this->l->t('The sign-in at the MCP server could not be renewed. Please try again later.'));
		}
		$this->storeTokens($userId, $answer);
		return $answer['access_token'];
	}

	/**
	 * invalid_grant: forgets the tokens only while they are still the ones that were used. Tokens that changed meanwhile
	 * came from a refresh or sign-in of another request (possible only where Nextcloud's file locking is disabled).
	 *
	 * @throws OAuthSignInRequiredException|OAuthProviderException
	 */
	private function handleRefusedRefreshToken(string $userId, string $usedRefreshToken, OAuthSignInRequiredException $refusal): string {
		$current = $this->readTokens($userId);
		if ($current === null) {
			throw $refusal;
		}
		if ($current['refresh_token'] === null || !hash_equals($current['refresh_token'], $usedRefreshToken)) {
			$this->logger->info('The refresh token was spent by another request, which stored new tokens; using those', ['userId' => $userId]);
			if ($this->isFresh($current)) {
				return $current['access_token'];
			}
			throw new OAuthProviderException($this->l->t('The sign-in at the MCP server could not be renewed. Please try again later.'));
		}
		$this->logger->info('The OpenID provider no longer accepts the refresh token; forgetting the tokens', ['userId' => $userId]);
		$this->forgetTokens($userId);
		throw $refusal;
	}

	/**
	 * One request to the token endpoint with the client's credentials (client_secret_post, or client_id only).
	 *
	 * @param array<string, string> $params
	 * @return array{access_token: string, refresh_token: ?string, expires_at: ?int}
	 * @throws OAuthSignInRequiredException on invalid_grant
	 * @throws OAuthProviderException|OAuthUnavailableException|SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	private function requestTokens(array $params): array {
		$clientId = $this->settings->getOAuthClientId();
		if ($clientId === '') {
			throw new OAuthUnavailableException($this->l->t('Signing in to the MCP server is not set up. Ask your administrator to configure an OAuth client.'));
		}
		$params['client_id'] = $clientId;
		if ($this->settings->getOAuthClientSecret() !== '') {
			$params['client_secret'] = $this->settings->getOAuthClientSecret();
		}
		$tokenEndpoint = $this->discovery->getEndpoints()['token_endpoint'];
		try {
			$response = $this->clientService->newClient()->post($tokenEndpoint, [
				'body' => $params,
				'headers' => ['Accept' => 'application/json'],
				'timeout' => self::TIMEOUT_SECONDS,
				'http_errors' => false,
				'nextcloud' => ['allow_local_address' => true],
			]);
		} catch (\Throwable $e) {
			$this->logger->warning('The OpenID provider\'s token endpoint could not be reached', ['exception' => $e, 'grant_type' => $params['grant_type']]);
			throw new OAuthProviderException($this->l->t('Nextcloud\'s sign-in service could not be reached.'));
		}
		$body = json_decode((string)$response->getBody(), true);
		$body = is_array($body) ? $body : [];
		if ($response->getStatusCode() !== 200) {
			throw $this->buildRefusal($response->getStatusCode(), $body, $params['grant_type']);
		}
		return $this->parseTokenAnswer($body);
	}

	/** invalid_grant means the code or refresh token is spent or revoked: the user must sign in again. */
	private function buildRefusal(int $status, array $body, string $grantType): OAuthSignInRequiredException|OAuthProviderException {
		$error = is_string($body['error'] ?? null) ? $body['error'] : '';
		$this->logger->warning('The OpenID provider refused a token request', ['status' => $status, 'error' => $error, 'grant_type' => $grantType]);
		if ($error === 'invalid_grant') {
			return $this->buildExpired();
		}
		return new OAuthProviderException($this->l->t('Nextcloud\'s sign-in service refused the request.'));
	}

	/**
	 * @return array{access_token: string, refresh_token: ?string, expires_at: ?int}
	 * @throws OAuthProviderException
	 */
	private function parseTokenAnswer(array $body): array {
		$accessToken = $body['access_token'] ?? null;
		if (!is_string($accessToken) || $accessToken === '') {
			$this->logger->warning('The OpenID provider answered a token request without an access token');
			throw new OAuthProviderException($this->l->t('Nextcloud\'s sign-in service sent an answer the companion does not understand.'));
		}
		$refreshToken = $body['refresh_token'] ?? null;
		$expiresIn = $body['expires_in'] ?? null;
		return [
			'access_token' => $accessToken,
			'refresh_token' => is_string($refreshToken) && $refreshToken !== '' ? $refreshToken : null,
			'expires_at' => is_numeric($expiresIn) ? $this->timeFactory->getTime() + (int)$expiresIn : null,
		];
	}

	/** @param array{access_token: string, refresh_token: ?string, expires_at: ?int} $tokens */
	private function storeTokens(string $userId, array $tokens): void {
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_TOKENS, $this->crypto->encrypt(json_encode($tokens, JSON_THROW_ON_ERROR)));
	}

	/** @return array{access_token: string, refresh_token: ?string, expires_at: ?int}|null */
	private function readTokens(string $userId): ?array {
		$encrypted = $this->config->getUserValue($userId, Application::APP_ID, self::KEY_TOKENS, '');
		if ($encrypted === '') {
			return null;
		}
		try {
			$tokens = json_decode($this->crypto->decrypt($encrypted), true, 4, JSON_THROW_ON_ERROR);
		} catch (\Exception $e) {
			$this->logger->warning('The stored MCP server sign-in could not be decrypted', ['exception' => $e, 'userId' => $userId]);
			return null;
		}
		if (!is_array($tokens) || !is_string($tokens['access_token'] ?? null)) {
			return null;
		}
		return [
			'access_token' => $tokens['access_token'],
			'refresh_token' => is_string($tokens['refresh_token'] ?? null) ? $tokens['refresh_token'] : null,
			'expires_at' => is_int($tokens['expires_at'] ?? null) ? $tokens['expires_at'] : null,
		];
	}

	private function buildSignInRequired(): OAuthSignInRequiredException {
		return new OAuthSignInRequiredException($this->l->t('Sign in to the MCP server first.'));
	}

	private function buildExpired(): OAuthSignInRequiredException {
		return new OAuthSignInRequiredException($this->l->t('Sign in to the MCP server again: your session has expired.'));
	}
}

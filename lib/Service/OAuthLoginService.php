<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The authorization-code flow with PKCE (S256): builds the provider's sign-in URL (with the resource, RFC 8707, when
// the sidecar names one), keeping state and verifier in the user's session, and checks the answer before the code is
// exchanged.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\OAuthProviderException;
use OCA\McpCompanion\Exception\OAuthUnavailableException;
use OCP\AppFramework\Utility\ITimeFactory;
use OCP\IL10N;
use OCP\ISession;
use Psr\Log\LoggerInterface;

class OAuthLoginService {
	public const SESSION_KEY = 'mcp_companion_oauth_login';
	public const SCOPE = 'openid profile email offline_access';
	/** Where a finished sign-in returns to: the personal settings (default) or the search page. */
	public const RETURN_TO_SETTINGS = 'settings';
	public const RETURN_TO_SEARCH = 'search';
	private const LIFETIME_SECONDS = 600;

	public function __construct(
		private ISession $session,
		private SettingsService $settings,
		private ProviderDiscovery $discovery,
		private OAuthTokenService $tokens,
		private BaseUrlResolver $baseUrl,
		private ITimeFactory $timeFactory,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * Starts a sign-in: remembers a fresh state and verifier (and where to return) for 10 minutes and returns the
	 * provider's URL.
	 *
	 * @param string $returnTo RETURN_TO_SEARCH, else the personal settings
	 * @throws OAuthUnavailableException no client configured, or the sidecar's mode has no provider
	 * @throws CompanionException the sidecar or the provider could not be asked
	 */
	public function beginLogin(string $returnTo = self::RETURN_TO_SETTINGS): string {
		if (!$this->settings->isOAuthConfigured()) {
			throw new OAuthUnavailableException($this->l->t('Signing in to the MCP server is not set up. Ask your administrator to configure an OAuth client.'));
		}
		$endpoints = $this->discovery->getEndpoints();
		$authorizationEndpoint = $endpoints['authorization_endpoint'];
		$state = $this->createRandomToken();
		$verifier = $this->createRandomToken();
		$this->session->set(self::SESSION_KEY, json_encode([
			'state' => $state,
			'verifier' => $verifier,
			'return_to' => $returnTo === self::RETURN_TO_SEARCH ? self::RETURN_TO_SEARCH : self::RETURN_TO_SETTINGS,
			'expires_at' => $this->timeFactory->getTime() + self::LIFETIME_SECONDS,
		], JSON_THROW_ON_ERROR));
		$query = http_build_query([
			'response_type' => 'code',
			'client_id' => $this->settings->getOAuthClientId(),
			'redirect_uri' => $this->baseUrl->getOAuthRedirectUri(),
			'scope' => self::SCOPE,
			'state' => $state,
			'code_challenge' => self::computeCodeChallenge($verifier),
			'code_challenge_method' => 'S256',
			// OpenID Connect Core 11: offline_access (a refresh token) is only granted with prompt=consent.
			'prompt' => 'consent',
		] + ($endpoints['resource'] !== null ? [
			// The sidecar's own authorization server binds its tokens to the resource (RFC 8707) and requires it;
			// the token requests then use the granted one. Nextcloud's oidc app names none.
			'resource' => $endpoints['resource'],
		] : []), '', '&', PHP_QUERY_RFC3986);
		return $authorizationEndpoint . (str_contains($authorizationEndpoint, '?') ? '&' : '?') . $query;
	}

	/**
	 * Finishes a sign-in: the state must match the pending one (once, within 10 minutes), then the code is exchanged.
	 *
	 * @param string $providerError the provider's `error` parameter, '' when there is none
	 * @return string where the sign-in was started: RETURN_TO_SETTINGS or RETURN_TO_SEARCH
	 * @throws CompanionException nothing was stored
	 */
	public function completeLogin(string $userId, string $code, string $state, string $providerError): string {
		$pending = $this->takePendingLogin();
		if ($providerError !== '') {
			$this->logger->info('The OpenID provider ended the sign-in with an error', ['userId' => $userId, 'error' => substr($providerError, 0, 64)]);
			throw $this->buildFailure();
		}
		if ($pending === null || $state === '' || !hash_equals($pending['state'], $state) || $code === '') {
			$this->logger->warning('A sign-in answer did not match a pending sign-in', ['userId' => $userId, 'pending' => $pending !== null]);
			throw $this->buildFailure();
		}
		$this->tokens->exchangeCode($userId, $code, $pending['verifier'], $this->baseUrl->getOAuthRedirectUri());
		return $pending['return_to'];
	}

	/** base64url(SHA-256(verifier)) without padding (RFC 7636 S256). */
	public static function computeCodeChallenge(string $verifier): string {
		return rtrim(strtr(base64_encode(hash('sha256', $verifier, true)), '+/', '-_'), '=');
	}

	/**
	 * The pending sign-in, removed from the session so that a state works once.
	 *
	 * @return array{state: string, verifier: string, return_to: string}|null
	 */
	private function takePendingLogin(): ?array {
		$stored = $this->session->get(self::SESSION_KEY);
		$this->session->remove(self::SESSION_KEY);
		$pending = is_string($stored) ? json_decode($stored, true) : null;
		if (!is_array($pending) || !is_string($pending['state'] ?? null) || !is_string($pending['verifier'] ?? null)) {
			return null;
		}
		if ((int)($pending['expires_at'] ?? 0) < $this->timeFactory->getTime()) {
			return null;
		}
		$returnTo = ($pending['return_to'] ?? null) === self::RETURN_TO_SEARCH ? self::RETURN_TO_SEARCH : self::RETURN_TO_SETTINGS;
		return ['state' => $pending['state'], 'verifier' => $pending['verifier'], 'return_to' => $returnTo];
	}

	/** 32 random bytes, base64url: a state, or a PKCE verifier of 43 characters. */
	private function createRandomToken(): string {
		return rtrim(strtr(base64_encode(random_bytes(32)), '+/', '-_'), '=');
	}

	private function buildFailure(): OAuthProviderException {
		return new OAuthProviderException($this->l->t('Signing in to the MCP server did not work. Please try again.'));
	}
}

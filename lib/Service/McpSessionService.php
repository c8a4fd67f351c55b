<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The user's session at the sidecar, called with the user's Bearer token: what it holds, and revoking it.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\OAuthSignInRequiredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCP\AppFramework\Http;
use OCP\IL10N;

class McpSessionService {
	public function __construct(
		private OAuthTokenService $tokens,
		private SidecarClient $sidecar,
		private CredentialService $credentials,
		private IL10N $l,
	) {
	}

	/**
	 * oauth-session-signed-out.json, -signed-in.json or -error.json: a failure as `error` (its code) and `message`.
	 * When the tokens were just forgotten (the provider or the sidecar no longer accepts them) `signed_in` is false
	 * and the message says to sign in again.
	 *
	 * @return array{signed_in: bool, session?: array<string, mixed>, error?: string, message?: string}
	 */
	public function describe(string $userId): array {
		if (!$this->tokens->hasTokens($userId)) {
			return ['signed_in' => false];
		}
		try {
			return ['signed_in' => true, 'session' => $this->callWithToken($userId, fn (string $token) => $this->sidecar->fetchSession($userId, $token))];
		} catch (OAuthSignInRequiredException $e) {
			return ['signed_in' => false, 'error' => $e->getErrorCode(), 'message' => $e->getMessage()];
		} catch (CompanionException $e) {
			return ['signed_in' => true, 'error' => $e->getErrorCode(), 'message' => $e->getMessage()];
		}
	}

	/**
	 * Asks the sidecar to drop the user's background access, then removes the local app password copy too.
	 *
	 * @return array<string, mixed> the sidecar's revoke document (sidecar-revoke.json)
	 * @throws CompanionException
	 */
	public function revoke(string $userId): array {
		$revoked = $this->callWithToken($userId, fn (string $token) => $this->sidecar->revokeBackgroundAccess($userId, $token));
		$this->credentials->forgetLocalCopy($userId);
		return $revoked;
	}

	/**
	 * Calls the sidecar with the user's access token; a token the sidecar refuses (401) is forgotten and the user
	 * asked to sign in again.
	 *
	 * @template T
	 * @param callable(string): T $call
	 * @return T
	 * @throws OAuthSignInRequiredException no sign-in, or the sign-in is no longer accepted
	 * @throws CompanionException
	 */
	public function callWithToken(string $userId, callable $call): mixed {
		$token = $this->tokens->getAccessToken($userId);
		try {
			return $call($token);
		} catch (SidecarRejectedException $e) {
			if ($e->getSidecarStatus() !== Http::STATUS_UNAUTHORIZED) {
				throw $e;
			}
			$this->tokens->forgetTokens($userId);
			throw new OAuthSignInRequiredException($this->l->t('Sign in to the MCP server again: your session has expired.'), 0, $e);
		}
	}
}

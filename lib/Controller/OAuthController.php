<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Signing in to the MCP server's management API with Nextcloud's OpenID provider, and the session it gives.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\OAuthUnavailableException;
use OCA\McpCompanion\Service\ConnectedClientsService;
use OCA\McpCompanion\Service\McpSessionService;
use OCA\McpCompanion\Service\OAuthLoginService;
use OCA\McpCompanion\Service\OAuthTokenService;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\NoCSRFRequired;
use OCP\AppFramework\Http\Attribute\UseSession;
use OCP\AppFramework\Http\JSONResponse;
use OCP\AppFramework\Http\RedirectResponse;
use OCP\IRequest;
use OCP\IURLGenerator;

class OAuthController extends Controller {
	public function __construct(
		IRequest $request,
		private OAuthLoginService $login,
		private OAuthTokenService $tokens,
		private McpSessionService $mcpSession,
		private ConnectedClientsService $clients,
		private IURLGenerator $urlGenerator,
		private ?string $userId,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	/**
	 * Redirects to the provider, or back to the personal settings with ?mcp_oauth=unavailable|error.
	 *
	 * @param string $target 'search' to come back to the search page after signing in
	 */
	#[NoAdminRequired]
	#[NoCSRFRequired]
	#[UseSession]
	public function login(string $target = ''): RedirectResponse {
		try {
			return new RedirectResponse($this->login->beginLogin($target));
		} catch (OAuthUnavailableException) {
			return $this->redirectToSettings('unavailable');
		} catch (CompanionException) {
			return $this->redirectToSettings('error');
		}
	}

	/** The provider's answer; redirects to where the sign-in started (settings or search page) with ?mcp_oauth=connected|error. */
	#[NoAdminRequired]
	#[NoCSRFRequired]
	#[UseSession]
	public function callback(string $code = '', string $state = '', string $error = ''): RedirectResponse {
		try {
			$returnTo = $this->login->completeLogin((string)$this->userId, $code, $state, $error);
		} catch (CompanionException) {
			return $this->redirectToSettings('error');
		}
		if ($returnTo === OAuthLoginService::RETURN_TO_SEARCH) {
			return new RedirectResponse($this->urlGenerator->linkToRouteAbsolute('mcp_companion.page.search') . '?mcp_oauth=connected');
		}
		return $this->redirectToSettings('connected');
	}

	#[NoAdminRequired]
	public function logout(): JSONResponse {
		$this->tokens->forgetTokens((string)$this->userId);
		return new JSONResponse(['success' => true]);
	}

	/** Always 200: signed out, signed in with the sidecar's session, or an error to show. */
	#[NoAdminRequired]
	public function session(): JSONResponse {
		return new JSONResponse($this->mcpSession->describe((string)$this->userId));
	}

	/** 200 with the sidecar's answer; else error-response.json with 403 (sign in), 502 (sidecar/provider) or 503. */
	#[NoAdminRequired]
	public function revoke(): JSONResponse {
		return new JSONResponse(['success' => true, 'revoked' => $this->mcpSession->revoke((string)$this->userId)]);
	}

	/** The MCP clients the user connected (session-clients.json); errors as revoke. */
	#[NoAdminRequired]
	public function clients(): JSONResponse {
		return new JSONResponse($this->clients->list((string)$this->userId));
	}

	/** Revokes one connected client and its tokens (session-client-revoked.json); 400 bad id, 502 when none or refused. */
	#[NoAdminRequired]
	public function revokeClient(string $clientId = ''): JSONResponse {
		$this->clients->revoke((string)$this->userId, $clientId);
		return new JSONResponse(['success' => true]);
	}

	/** @param 'connected'|'unavailable'|'error' $outcome */
	private function redirectToSettings(string $outcome): RedirectResponse {
		$settingsUrl = $this->urlGenerator->linkToRoute('settings.PersonalSettings.index', ['section' => Application::APP_ID]);
		return new RedirectResponse($this->urlGenerator->getAbsoluteURL($settingsUrl) . '?mcp_oauth=' . $outcome);
	}
}

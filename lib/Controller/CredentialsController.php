<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Background-access routes: the credential (store, status, revoke; Login Flow v2) and whether the server answers.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\AppPasswordValidator;
use OCA\McpCompanion\Service\CredentialService;
use OCA\McpCompanion\Service\LoginFlowService;
use OCA\McpCompanion\Service\ServerReachability;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\UserRateLimit;
use OCP\AppFramework\Http\JSONResponse;
use OCP\IRequest;

class CredentialsController extends Controller {
	public function __construct(
		IRequest $request,
		private AppPasswordValidator $validator,
		private CredentialService $credentials,
		private LoginFlowService $loginFlow,
		private ServerReachability $server,
		private ?string $userId,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	/**
	 * Stores an app password with the login name it was created under (omitted or empty: the user id).
	 * Answers 200 (stored; `partial_success` when the sidecar step failed), 400 malformed, 401 refused by Nextcloud
	 * or another user's, 502 Nextcloud could not check it (error-response.json, by ErrorMiddleware); nothing is stored
	 * on 4xx/5xx.
	 */
	#[NoAdminRequired]
	#[UserRateLimit(limit: 10, period: 3600)]
	public function store(string $appPassword = '', string $loginName = ''): JSONResponse {
		$userId = (string)$this->userId;
		[$appPassword, $loginName] = [trim($appPassword), trim($loginName) === '' ? $userId : trim($loginName)];
		$this->validator->assertValid($userId, $loginName, $appPassword);
		return new JSONResponse($this->credentials->provision($userId, $loginName, $appPassword));
	}

	#[NoAdminRequired]
	public function status(): JSONResponse {
		return new JSONResponse($this->credentials->getStatus((string)$this->userId));
	}

	#[NoAdminRequired]
	public function revoke(): JSONResponse {
		return new JSONResponse($this->credentials->revoke((string)$this->userId));
	}

	/** Always 200: whether the MCP server is set up and answers, and whether "Allow background access" can work. */
	#[NoAdminRequired]
	public function server(): JSONResponse {
		return new JSONResponse($this->server->describe());
	}

	/**
	 * Starts Nextcloud's Login Flow v2 through the sidecar (login-flow-started.json); error-response.json with 403
	 * `sign_in_required` without a sign-in to the MCP server, 502 when the sidecar refuses or fails.
	 */
	#[NoAdminRequired]
	#[UserRateLimit(limit: 20, period: 3600)]
	public function startLoginFlow(): JSONResponse {
		return new JSONResponse($this->loginFlow->start((string)$this->userId));
	}

	/** Where the flow stands (login-flow-pending.json, login-flow-granted.json); errors as startLoginFlow, 400 for a bad id. */
	#[NoAdminRequired]
	public function pollLoginFlow(string $flowId = ''): JSONResponse {
		return new JSONResponse($this->loginFlow->poll((string)$this->userId, $flowId));
	}

	/** Administrators only: whether a user has provisioned a credential, never the secret; 404 for an unknown user. */
	public function userStatus(string $userId): JSONResponse {
		return new JSONResponse($this->credentials->getUserStatus($userId));
	}
}

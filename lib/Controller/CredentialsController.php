<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Background-sync credential routes: store, status and revoke for the signed-in user, status of any user for admins.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\AppPasswordValidator;
use OCA\McpCompanion\Service\CredentialService;
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

	/** Administrators only: whether a user has provisioned a credential, never the secret; 404 for an unknown user. */
	public function userStatus(string $userId): JSONResponse {
		return new JSONResponse($this->credentials->getUserStatus($userId));
	}
}

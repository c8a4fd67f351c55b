<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The user's background-sync credential: encrypted in the user's preferences, forwarded to and revoked at the sidecar.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\SidecarNotConfiguredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCA\McpCompanion\Exception\UnknownUserException;
use OCP\IConfig;
use OCP\IL10N;
use OCP\IUserManager;
use OCP\Security\ICrypto;
use Psr\Log\LoggerInterface;

class CredentialService {
	public const KEY_APP_PASSWORD = 'background_sync_app_password';
	/** The login name the app password belongs to (a preference, not a secret); absent when stored before it was asked for. */
	public const KEY_LOGIN_NAME = 'background_sync_login_name';
	public const KEY_TYPE = 'background_sync_type';
	public const KEY_PROVISIONED_AT = 'background_sync_provisioned_at';
	public const TYPE_APP_PASSWORD = 'app_password';
	/** Set when the app password came through Login Flow v2 (the sidecar received it from Nextcloud). */
	public const KEY_GRANTED_THROUGH = 'background_sync_granted_through';
	public const GRANTED_THROUGH_LOGIN_FLOW = 'login_flow';
	private const LOCAL_KEYS = [self::KEY_APP_PASSWORD, self::KEY_LOGIN_NAME, self::KEY_TYPE, self::KEY_PROVISIONED_AT, self::KEY_GRANTED_THROUGH];

	public function __construct(
		private IConfig $config,
		private ICrypto $crypto,
		private SidecarClient $sidecar,
		private IUserManager $userManager,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * Stores an already validated app password with the login name it belongs to and hands both to the sidecar.
	 *
	 * @return array{success: true, partial_success: bool, local_storage: bool, mcp_sync: bool, mcp_error?: string}
	 */
	public function provision(string $userId, string $loginName, string $appPassword): array {
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_APP_PASSWORD, $this->crypto->encrypt($appPassword));
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_LOGIN_NAME, $loginName);
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_TYPE, self::TYPE_APP_PASSWORD);
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_PROVISIONED_AT, (string)time());
		$this->config->deleteUserValue($userId, Application::APP_ID, self::KEY_GRANTED_THROUGH);
		$error = $this->trySidecar(fn () => $this->sidecar->storeAppPassword($userId, $loginName, $appPassword), $this->l->t('Background sync starts once it is.'));
		$result = ['success' => true, 'partial_success' => $error !== null, 'local_storage' => true, 'mcp_sync' => $error === null];
		return $error === null ? $result : $result + ['mcp_error' => $error];
	}

	/**
	 * Records an app password the sidecar received through Login Flow v2 and stored itself: the same answer as
	 * provision(). The sidecar's poll answer hands the password over once; it is kept here encrypted, as a pasted one
	 * is. Without it (an older sidecar), only the status and the login name are kept and `local_storage` is false.
	 *
	 * @return array{success: true, partial_success: false, local_storage: bool, mcp_sync: true}
	 */
	public function recordLoginFlowGrant(string $userId, string $loginName, ?string $appPassword): array {
		if ($appPassword === null) {
			$this->config->deleteUserValue($userId, Application::APP_ID, self::KEY_APP_PASSWORD);
		} else {
			$this->config->setUserValue($userId, Application::APP_ID, self::KEY_APP_PASSWORD, $this->crypto->encrypt($appPassword));
		}
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_LOGIN_NAME, $loginName);
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_TYPE, self::TYPE_APP_PASSWORD);
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_PROVISIONED_AT, (string)time());
		$this->config->setUserValue($userId, Application::APP_ID, self::KEY_GRANTED_THROUGH, self::GRANTED_THROUGH_LOGIN_FLOW);
		return ['success' => true, 'partial_success' => false, 'local_storage' => $appPassword !== null, 'mcp_sync' => true];
	}

	/** @return array{provisioned: bool, credential_type: ?string, login_name: ?string, provisioned_at: ?string} */
	public function getStatus(string $userId): array {
		$hasLocalCopy = $this->config->getUserValue($userId, Application::APP_ID, self::KEY_APP_PASSWORD, '') !== '';
		$grantedThroughLoginFlow = $this->config->getUserValue($userId, Application::APP_ID, self::KEY_GRANTED_THROUGH, '') === self::GRANTED_THROUGH_LOGIN_FLOW;
		if (!$hasLocalCopy && !$grantedThroughLoginFlow) {
			return ['provisioned' => false, 'credential_type' => null, 'login_name' => null, 'provisioned_at' => null];
		}
		$type = $this->config->getUserValue($userId, Application::APP_ID, self::KEY_TYPE, self::TYPE_APP_PASSWORD);
		$provisionedAt = (int)$this->config->getUserValue($userId, Application::APP_ID, self::KEY_PROVISIONED_AT, '0');
		return [
			'provisioned' => true,
			'credential_type' => $type,
			'login_name' => $this->readLoginName($userId),
			'provisioned_at' => $provisionedAt > 0 ? date(DATE_ATOM, $provisionedAt) : null,
		];
	}

	/**
	 * For administrators: whether a user Nextcloud knows has provisioned a credential (admin-user-credentials.json).
	 *
	 * @return array{user_id: string, provisioned: bool, credential_type: ?string, login_name: ?string, provisioned_at: ?string}
	 * @throws UnknownUserException
	 */
	public function getUserStatus(string $userId): array {
		if (!$this->userManager->userExists($userId)) {
			throw new UnknownUserException($this->l->t('There is no such user.'));
		}
		return ['user_id' => $userId] + $this->getStatus($userId);
	}

	/**
	 * Removes the local copy, then asks the sidecar to forget it too.
	 *
	 * @return array{success: true, local_deleted: true, mcp_deleted: bool, mcp_error?: string}
	 */
	public function revoke(string $userId): array {
		$appPassword = $this->readAppPassword($userId);
		$loginName = $this->readLoginName($userId);
		$this->forgetLocalCopy($userId);
		$error = $appPassword === null
			? $this->l->t('No app password was stored here, so the MCP server was not asked to forget one.')
			: $this->trySidecar(fn () => $this->sidecar->deleteAppPassword($userId, $loginName, $appPassword), '');
		$result = ['success' => true, 'local_deleted' => true, 'mcp_deleted' => $error === null];
		return $error === null ? $result : $result + ['mcp_error' => $error];
	}

	/** Removes only the local copy, e.g. after the sidecar already cleared its own. */
	public function forgetLocalCopy(string $userId): void {
		foreach (self::LOCAL_KEYS as $key) {
			$this->config->deleteUserValue($userId, Application::APP_ID, $key);
		}
	}

	/** Credentials stored before login names were asked for were checked with the uid. */
	private function readLoginName(string $userId): string {
		$loginName = $this->config->getUserValue($userId, Application::APP_ID, self::KEY_LOGIN_NAME, '');
		return $loginName !== '' ? $loginName : $userId;
	}

	private function readAppPassword(string $userId): ?string {
		$encrypted = $this->config->getUserValue($userId, Application::APP_ID, self::KEY_APP_PASSWORD, '');
		if ($encrypted === '') {
			return null;
		}
		try {
			return $this->crypto->decrypt($encrypted);
		} catch (\Exception $e) {
			$this->logger->warning('A stored app password could not be decrypted', ['exception' => $e, 'userId' => $userId]);
			return null;
		}
	}

	/**
	 * Runs one sidecar call; returns null on success, else a message for the user.
	 *
	 * @param callable(): void $call
	 */
	private function trySidecar(callable $call, string $unreachableHint): ?string {
		try {
			$call();
			return null;
		} catch (SidecarNotConfiguredException) {
			return $this->l->t('The MCP server is not configured yet. Ask your administrator to set it up.');
		} catch (SidecarUnreachableException) {
			return trim($this->l->t('The MCP server could not be reached.') . ' ' . $unreachableHint);
		} catch (SidecarRejectedException $e) {
			return $e->getSidecarMessage() !== ''
				? $this->l->t('The MCP server refused it: %s', [$e->getSidecarMessage()])
				: $this->l->t('The MCP server refused it.');
		}
	}
}

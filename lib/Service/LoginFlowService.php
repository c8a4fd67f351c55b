<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// "Allow background access": the sidecar runs Nextcloud's Login Flow v2 for the signed-in user and keeps the app
// password it receives; the companion starts the flow, polls it and records the grant.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\InvalidRequestException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCP\AppFramework\Http;
use OCP\IL10N;

class LoginFlowService {
	/** The sidecar's flow ids: 32 random bytes, base64url (sidecar/src/auth/login-flow/login-flow-sign-in.ts). */
	private const FLOW_ID = '/^[A-Za-z0-9_-]{43}$/D';

	public function __construct(
		private McpSessionService $mcpSession,
		private SidecarClient $sidecar,
		private CredentialService $credentials,
		private IL10N $l,
	) {
	}

	/**
	 * Starts a flow for the user (login-flow-started.json): where the user grants access, and the id to poll with.
	 *
	 * @return array{flow_id: string, login_url: string, expires_at: string}
	 * @throws CompanionException 403 sign_in_required without a sign-in; 502 when the sidecar refuses or cannot
	 */
	public function start(string $userId): array {
		$started = $this->callSidecar($userId, fn (string $token) => $this->sidecar->startLoginFlow($userId, $token));
		$flowId = $started['flow_id'] ?? null;
		$loginUrl = $started['login_url'] ?? null;
		$expiresAt = $started['expires_at'] ?? null;
		if (!is_string($flowId) || preg_match(self::FLOW_ID, $flowId) !== 1 || !is_string($loginUrl)
			|| preg_match('#^https?://#i', $loginUrl) !== 1 || !is_string($expiresAt)) {
			throw $this->notUnderstood();
		}
		return ['flow_id' => $flowId, 'login_url' => $loginUrl, 'expires_at' => $expiresAt];
	}

	/**
	 * Where the flow stands: `pending`, `expired` (start a new one), or `granted` with the credentials answer of
	 * CredentialService::recordLoginFlowGrant (login-flow-granted.json).
	 *
	 * @return array{status: string, success?: bool, partial_success?: bool, local_storage?: bool, mcp_sync?: bool}
	 * @throws CompanionException 400 for a malformed flow id, else as start()
	 */
	public function poll(string $userId, string $flowId): array {
		if (preg_match(self::FLOW_ID, $flowId) !== 1) {
			throw new InvalidRequestException($this->l->t('This sign-in is not known. Start again.'));
		}
		$answer = $this->callSidecar($userId, fn (string $token) => $this->sidecar->pollLoginFlow($userId, $token, $flowId));
		$status = $answer['status'] ?? null;
		if ($status === 'pending' || $status === 'expired') {
			return ['status' => $status];
		}
		$loginName = $answer['login_name'] ?? null;
		if ($status !== 'granted' || !is_string($loginName) || $loginName === '') {
			throw $this->notUnderstood();
		}
		$appPassword = $answer['app_password'] ?? null;
		$appPassword = is_string($appPassword) && $appPassword !== '' ? $appPassword : null;
		return ['status' => 'granted'] + $this->credentials->recordLoginFlowGrant($userId, $loginName, $appPassword);
	}

	/**
	 * @template T
	 * @param callable(string): T $call
	 * @return T
	 * @throws CompanionException
	 */
	private function callSidecar(string $userId, callable $call): mixed {
		try {
			return $this->mcpSession->callWithToken($userId, $call);
		} catch (SidecarRejectedException $e) {
			throw $this->explainRefusal($e);
		}
	}

	/** The sidecar's own words where they help the user (another account, too many attempts), else what to do. */
	private function explainRefusal(SidecarRejectedException $e): SidecarRejectedException {
		$message = match ($e->getSidecarStatus()) {
			Http::STATUS_NOT_FOUND => $this->l->t('The MCP server cannot ask Nextcloud for background access in its current setup. Use an app password instead.'),
			Http::STATUS_FORBIDDEN, Http::STATUS_TOO_MANY_REQUESTS, Http::STATUS_BAD_REQUEST => $e->getSidecarMessage() !== '' ? $e->getSidecarMessage() : $e->getMessage(),
			default => $this->l->t('Nextcloud or the MCP server could not complete the request. Try again in a moment.'),
		};
		return new SidecarRejectedException($message, $e->getSidecarMessage(), $e->getSidecarStatus());
	}

	private function notUnderstood(): SidecarUnreachableException {
		return new SidecarUnreachableException($this->l->t('The MCP server sent an answer the companion does not understand.'));
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The MCP clients (AI assistants) a user connected to the sidecar's own authorization server: listing and revoking.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\InvalidRequestException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCP\AppFramework\Http;
use OCP\IL10N;
use Psr\Log\LoggerInterface;

class ConnectedClientsService {
	/** A client id is an https URL (a metadata document) or an id the sidecar issued; longer ones are not its. */
	private const MAX_CLIENT_ID_LENGTH = 2048;

	public function __construct(
		private McpSessionService $mcpSession,
		private SidecarClient $sidecar,
		private SettingsService $settings,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * session-clients.json: `authorization_server` is `sidecar` when the sidecar signs clients in itself, `nextcloud`
	 * when Nextcloud does (the list is then empty and not shown), `none` when the sidecar has no such list (it answers
	 * 404: an older version, or a mode without it). The companion's own grant (its sign-in, whose end is "Sign out") is
	 * not an AI assistant and is left out; malformed entries are left out and logged with their count.
	 *
	 * @return array{authorization_server: string, clients: list<array{client_id: string, name: string, since: string, last_used: ?string, scopes: list<string>}>}
	 * @throws CompanionException
	 */
	public function list(string $userId): array {
		try {
			$answer = $this->mcpSession->callWithToken($userId, fn (string $token) => $this->sidecar->fetchOAuthClients($userId, $token));
		} catch (SidecarRejectedException $e) {
			if ($e->getSidecarStatus() === Http::STATUS_NOT_FOUND) {
				return ['authorization_server' => 'none', 'clients' => []];
			}
			throw $e;
		}
		$server = $answer['authorizationServer'] ?? null;
		if (!in_array($server, ['sidecar', 'nextcloud'], true) || !is_array($answer['clients'] ?? null)) {
			throw new SidecarUnreachableException($this->l->t('The MCP server sent an answer the companion does not understand.'));
		}
		$ownId = $this->settings->getOAuthClientId();
		$listed = array_values(array_filter($answer['clients'], fn (mixed $client) => !is_array($client) || ($client['clientId'] ?? null) !== $ownId || $ownId === ''));
		$clients = array_values(array_filter(array_map(fn (mixed $client) => $this->readClient($client), $listed)));
		$skipped = count($listed) - count($clients);
		if ($skipped > 0) {
			$this->logger->warning('Connected clients the MCP server listed were left out: malformed', ['count' => $skipped]);
		}
		return ['authorization_server' => $server, 'clients' => $clients];
	}

	/**
	 * @throws CompanionException 400 for a malformed id, 404 when the user has no such client, else as list()
	 */
	public function revoke(string $userId, string $clientId): void {
		$isOwn = $clientId === $this->settings->getOAuthClientId();
		if ($clientId === '' || $isOwn || strlen($clientId) > self::MAX_CLIENT_ID_LENGTH || preg_match('/[\x00-\x1F\x7F]/', $clientId) === 1) {
			throw new InvalidRequestException($this->l->t('This is not a connected client.'));
		}
		try {
			$this->mcpSession->callWithToken($userId, fn (string $token) => $this->sidecar->deleteOAuthClient($userId, $token, $clientId));
		} catch (SidecarRejectedException $e) {
			if ($e->getSidecarStatus() === Http::STATUS_NOT_FOUND) {
				throw new SidecarRejectedException($this->l->t('This client is no longer connected.'), $e->getSidecarMessage(), $e->getSidecarStatus());
			}
			throw $e;
		}
	}

	/** @return array{client_id: string, name: string, since: string, last_used: ?string, scopes: list<string>}|null */
	private function readClient(mixed $client): ?array {
		if (!is_array($client)) {
			return null;
		}
		['clientId' => $id, 'name' => $name, 'since' => $since] = $client + ['clientId' => null, 'name' => null, 'since' => null];
		$lastUsed = $client['lastUsed'] ?? null;
		$scopes = $client['scopes'] ?? null;
		if (!is_string($id) || $id === '' || !is_string($name) || !is_string($since) || !(is_string($lastUsed) || $lastUsed === null)
			|| !is_array($scopes) || !array_is_list($scopes) || array_filter($scopes, 'is_string') !== $scopes) {
			return null;
		}
		return ['client_id' => $id, 'name' => $name !== '' ? $name : $id, 'since' => $since, 'last_used' => $lastUsed, 'scopes' => $scopes];
	}
}

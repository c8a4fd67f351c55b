<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Every call from the companion to the sidecar's management API (/api/v1), with timeouts and small exceptions.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\SidecarNotConfiguredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCP\Http\Client\IClientService;
use OCP\Http\Client\IResponse;
use OCP\IL10N;
use Psr\Log\LoggerInterface;

class SidecarClient {
	private const CONNECT_TIMEOUT_SECONDS = 5;
	/** The sidecar checks a new app password at Nextcloud with its own 10 s timeout, so allow more. */
	private const TIMEOUT_SECONDS = 15;

	/** A rescan notice is sent while the user's request waits: it must not hold it up for long. */
	private const NOTICE_CONNECT_TIMEOUT_SECONDS = 1;
	private const NOTICE_TIMEOUT_SECONDS = 2;

	/** Set by forServer(): a server address and API key to use instead of the saved ones. */
	private ?string $targetUrl = null;
	private ?string $targetApiKey = null;

	public function __construct(
		private IClientService $clientService,
		private SettingsService $settings,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	/** The same client for another server address and API key (already validated), e.g. to test unsaved settings. */
	public function forServer(string $baseUrl, string $apiKey): self {
		$client = clone $this;
		$client->targetUrl = $baseUrl;
		$client->targetApiKey = $apiKey;
		return $client;
	}

	/**
	 * Hands the user's app password to the sidecar for background sync, as Basic `loginName:appPassword` (the
	 * sidecar checks the pair at Nextcloud and that Nextcloud names $userId for it).
	 *
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function storeAppPassword(string $userId, string $loginName, string $appPassword): void {
		$this->send('POST', $this->buildUserPath($userId), $this->buildBasicAuth($loginName, $appPassword));
	}

	/**
	 * Asks the sidecar to forget the user's app password; a sidecar that has none counts as done.
	 *
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function deleteAppPassword(string $userId, string $loginName, string $appPassword): void {
		try {
			$this->send('DELETE', $this->buildUserPath($userId), $this->buildBasicAuth($loginName, $appPassword));
		} catch (SidecarRejectedException $e) {
			if ($e->getSidecarStatus() !== 404) {
				throw $e;
			}
		}
	}

	/**
	 * Tells the sidecar that these users' documents of these types changed where no webhook reports it (a share, a Deck
	 * card); it scans their sources within seconds (its rescan-notices route, which takes only the management key).
	 *
	 * @param list<string> $userIds at most 100
	 * @param list<string> $docTypes the sidecar's document types: file, note, deck_card, calendar_item, contact, …
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException 404: none is synced
	 */
	public function sendRescanNotices(array $userIds, array $docTypes, string $reason): void {
		$body = json_encode(['user_ids' => $userIds, 'doc_types' => $docTypes, 'reason' => $reason], JSON_THROW_ON_ERROR);
		$path = '/api/v1/knowledge/rescan-notices';
		$response = $this->request('POST', $path, ['Content-Type' => 'application/json'], [
			'body' => $body,
			'connect_timeout' => self::NOTICE_CONNECT_TIMEOUT_SECONDS,
			'timeout' => self::NOTICE_TIMEOUT_SECONDS,
		]);
		$status = $response->getStatusCode();
		// 404 (none of the users is synced) and 409 (all paused) are everyday answers, not worth a warning in the log.
		if ($status === 404 || $status === 409) {
			throw new SidecarRejectedException($this->l->t('The MCP server refused the request.'), '', $status);
		}
		if ($status >= 400) {
			throw $this->buildRejection($response, 'POST', $path);
		}
	}

	/**
	 * The sidecar's public status document (sidecar-status.json), as it returned it.
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function fetchStatus(): array {
		return $this->decodeDocument($this->send('GET', '/api/v1/status', []), '/api/v1/status');
	}

	/**
	 * The sidecar's answer to an authenticated call (sidecar-connection.json): it requires the X-API-Key sent from
	 * here whenever it has a management API key, so a 401 means the key here is missing or wrong.
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function fetchConnection(): array {
		return $this->decodeDocument($this->send('GET', '/api/v1/connection', []), '/api/v1/connection');
	}

	/**
	 * The user's session at the sidecar (sidecar-session.json), as it returned it.
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException 401: token not accepted
	 */
	public function fetchSession(string $userId, string $accessToken): array {
		$path = '/api/v1/users/' . rawurlencode($userId) . '/session';
		return $this->decodeDocument($this->send('GET', $path, $this->buildBearerAuth($accessToken)), $path);
	}

	/**
	 * Asks the sidecar to drop the user's background access (sidecar-revoke.json), as it returned it.
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException 401: token not accepted
	 */
	public function revokeBackgroundAccess(string $userId, string $accessToken): array {
		$path = '/api/v1/users/' . rawurlencode($userId) . '/revoke';
		return $this->decodeDocument($this->send('POST', $path, $this->buildBearerAuth($accessToken)), $path);
	}

	/**
	 * Starts a Login Flow v2 for the user at the sidecar (its login-flow route; owner token): `flow_id`, `login_url`
	 * (Nextcloud's grant page) and `expires_at`.
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException 401: token not accepted
	 */
	public function startLoginFlow(string $userId, string $accessToken): array {
		$path = '/api/v1/users/' . rawurlencode($userId) . '/login-flow';
		return $this->decodeDocument($this->send('POST', $path, $this->buildBearerAuth($accessToken)), $path);
	}

	/**
	 * Asks the sidecar where the user's Login Flow v2 stands: `status` pending, granted (with `login_name`; the
	 * sidecar stored the app password) or expired.
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function pollLoginFlow(string $userId, string $accessToken, string $flowId): array {
		$path = '/api/v1/users/' . rawurlencode($userId) . '/login-flow/poll';
		$headers = $this->buildBearerAuth($accessToken) + ['Content-Type' => 'application/json'];
		$body = ['body' => json_encode(['flow_id' => $flowId], JSON_THROW_ON_ERROR)];
		return $this->decodeDocument($this->send('POST', $path, $headers, $body), $path);
	}

	/**
	 * The MCP clients the user connected to the sidecar's authorization server (its oauth-clients route; owner token).
	 *
	 * @return array<string, mixed>
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function fetchOAuthClients(string $userId, string $accessToken): array {
		$path = '/api/v1/users/' . rawurlencode($userId) . '/oauth-clients';
		return $this->decodeDocument($this->send('GET', $path, $this->buildBearerAuth($accessToken)), $path);
	}

	/**
	 * Revokes one connected MCP client with its tokens (204; 404 when the user has no such client).
	 *
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function deleteOAuthClient(string $userId, string $accessToken, string $clientId): void {
		$path = '/api/v1/users/' . rawurlencode($userId) . '/oauth-clients/' . rawurlencode($clientId);
		$this->send('DELETE', $path, $this->buildBearerAuth($accessToken));
	}

	/**
	 * One knowledge route (search, points, chunk context, PDF preview, sync status) for the user with their Bearer
	 * token: the sidecar's status and JSON object, errors cut down to error, message and request_id.
	 *
	 * @param array<string, string|int|float> $query
	 * @param array<string, mixed>|null $jsonBody
	 * @return array{status: int, body: array<string, mixed>, headers: array<string, string>}
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException
	 * @throws SidecarRejectedException only for 401: the token is not accepted
	 */
	public function forward(string $method, string $path, string $accessToken, array $query = [], ?array $jsonBody = null): array {
		$target = $path . ($query === [] ? '' : '?' . http_build_query($query, '', '&', PHP_QUERY_RFC3986));
		$options = $jsonBody === null ? [] : ['body' => json_encode($jsonBody, JSON_THROW_ON_ERROR)];
		$headers = $this->buildBearerAuth($accessToken) + ($jsonBody === null ? [] : ['Content-Type' => 'application/json']);
		$response = $this->request($method, $target, $headers, $options);
		$status = $response->getStatusCode();
		if ($status === 401) {
			throw $this->buildRejection($response, $method, $path);
		}
		$document = $this->decodeObject((string)$response->getBody());
		if ($status >= 400) {
			$document ??= [];
			$this->logger->info('The MCP server refused a knowledge request', ['method' => $method, 'path' => $path, 'status' => $status, 'sidecar_error' => $document['error'] ?? null]);
			return ['status' => $status, 'body' => $this->keepSafeError($document), 'headers' => []];
		}
		if ($document === null) {
			$this->logger->warning('The MCP server answered with something other than a JSON object', ['path' => $path]);
			throw new SidecarUnreachableException($this->l->t('The MCP server sent an answer the companion does not understand.'));
		}
		$headers = [];
		foreach (['Cache-Control', 'ETag'] as $name) {
			if ($response->getHeader($name) !== '') {
				$headers[$name] = $response->getHeader($name);
			}
		}
		return ['status' => $status, 'body' => $document, 'headers' => $headers];
	}

	/**
	 * The sidecar's error body (sidecar-error.json) without anything else it may carry: its code, its message (cut to
	 * 300 characters) and its request id, each only when it is text, else a generic one.
	 *
	 * @param array<string, mixed> $document
	 * @return array{error: string, message: string, request_id: string}
	 */
	private function keepSafeError(array $document): array {
		$safe = [];
		foreach (['error' => 64, 'message' => 300, 'request_id' => 64] as $name => $maxLength) {
			if (is_string($document[$name] ?? null)) {
				$safe[$name] = mb_substr($document[$name], 0, $maxLength);
			}
		}
		return $safe + ['error' => 'upstream_error', 'message' => $this->l->t('The MCP server refused the request.'), 'request_id' => 'unknown'];
	}

	/**
	 * @param array<string, string> $headers
	 * @param array<string, mixed> $options more request options (a body)
	 */
	private function send(string $method, string $path, array $headers, array $options = []): IResponse {
		$response = $this->request($method, $path, $headers, $options);
		if ($response->getStatusCode() >= 400) {
			throw $this->buildRejection($response, $method, $path);
		}
		return $response;
	}

	/**
	 * @param array<string, string> $headers
	 * @param array<string, mixed> $options more request options (a body, shorter timeouts)
	 * @throws SidecarNotConfiguredException|SidecarUnreachableException
	 */
	private function request(string $method, string $path, array $headers, array $options): IResponse {
		$baseUrl = $this->targetUrl ?? $this->settings->getServerUrl();
		if ($baseUrl === '') {
			throw new SidecarNotConfiguredException($this->l->t('The MCP server is not configured yet.'));
		}
		$apiKey = $this->targetApiKey ?? $this->settings->getApiKey();
		if ($apiKey !== '') {
			$headers['X-API-Key'] = $apiKey;
		}
		try {
			return $this->clientService->newClient()->request($method, $baseUrl . $path, $options + [
				'headers' => $headers + ['Accept' => 'application/json'],
				'connect_timeout' => self::CONNECT_TIMEOUT_SECONDS,
				'timeout' => self::TIMEOUT_SECONDS,
				'http_errors' => false,
				// The administrator set this address on purpose; it is often on the same host or network.
				'nextcloud' => ['allow_local_address' => true],
			]);
		} catch (\Throwable $e) {
			$this->logger->warning('The MCP server could not be reached', ['exception' => $e, 'method' => $method, 'path' => strtok($path, '?')]);
			throw new SidecarUnreachableException($this->l->t('The MCP server could not be reached.'), 0, $e);
		}
	}

	private function buildRejection(IResponse $response, string $method, string $path): SidecarRejectedException {
		$status = $response->getStatusCode();
		$error = $this->decodeObject((string)$response->getBody()) ?? [];
		$message = is_string($error['message'] ?? null) ? $error['message'] : '';
		$this->logger->warning('The MCP server refused a request', [
			'method' => $method, 'path' => $path, 'status' => $status,
			'sidecar_error' => $error['error'] ?? null, 'sidecar_request_id' => $error['request_id'] ?? null,
		]);
		return new SidecarRejectedException($this->l->t('The MCP server refused the request.'), $message, $status);
	}

	/**
	 * @return array<string, mixed>
	 * @throws SidecarUnreachableException
	 */
	private function decodeDocument(IResponse $response, string $path): array {
		$document = $this->decodeObject((string)$response->getBody());
		if ($document === null) {
			$this->logger->warning('The MCP server answered with something other than a JSON object', ['path' => $path]);
			throw new SidecarUnreachableException($this->l->t('The MCP server sent an answer the companion does not understand.'));
		}
		return $document;
	}

	/** @return array<string, mixed>|null */
	private function decodeObject(string $body): ?array {
		try {
			$decoded = json_decode($body, true, 32, JSON_THROW_ON_ERROR);
		} catch (\JsonException) {
			return null;
		}
		return is_array($decoded) && !array_is_list($decoded) ? $decoded : null;
	}

	private function buildUserPath(string $userId): string {
		return '/api/v1/users/' . rawurlencode($userId) . '/app-password';
	}

	/** @return array{Authorization: string} */
	private function buildBearerAuth(string $accessToken): array {
		return ['Authorization' => 'Bearer ' . $accessToken];
	}

	/** @return array{Authorization: string} */
	private function buildBasicAuth(string $loginName, string $appPassword): array {
		return ['Authorization' => 'Basic ' . base64_encode($loginName . ':' . $appPassword)];
	}
}

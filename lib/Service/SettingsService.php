<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Reads, validates and saves the administrator's MCP server settings (system config keys).
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\InvalidSettingsException;
use OCP\IConfig;
use OCP\IL10N;

class SettingsService {
	public const KEY_SERVER_URL = 'mcp_server_url';
	public const KEY_API_KEY = 'mcp_server_api_key';
	public const KEY_OAUTH_CLIENT_ID = 'mcp_oauth_client_id';
	/** Set for a confidential client (sent as client_secret_post); empty for a public client. */
	public const KEY_OAUTH_CLIENT_SECRET = 'mcp_oauth_client_secret';

	private const TOKEN_PATTERN = '/^[\x21-\x7E]{1,512}$/D';

	public function __construct(
		private IConfig $config,
		private IL10N $l,
	) {
	}

	/** The sidecar's base URL without a trailing slash, '' when not configured. */
	public function getServerUrl(): string {
		return rtrim($this->config->getSystemValueString(self::KEY_SERVER_URL, ''), '/');
	}

	/** The management API key sent as X-API-Key, '' when not set. */
	public function getApiKey(): string {
		return $this->config->getSystemValueString(self::KEY_API_KEY, '');
	}

	public function getOAuthClientId(): string {
		return $this->config->getSystemValueString(self::KEY_OAUTH_CLIENT_ID, '');
	}

	/** The OAuth client secret, '' for a public client. Never shown to anyone. */
	public function getOAuthClientSecret(): string {
		return $this->config->getSystemValueString(self::KEY_OAUTH_CLIENT_SECRET, '');
	}

	/** Whether users can sign in to the sidecar: a client id and a sidecar address are configured. */
	public function isOAuthConfigured(): bool {
		return $this->getOAuthClientId() !== '' && $this->isServerConfigured();
	}

	public function isServerConfigured(): bool {
		return $this->getServerUrl() !== '';
	}

	/**
	 * The settings as the admin page may see them: never the API key itself.
	 *
	 * @return array{server_url: string, api_key_set: bool, oauth_client_id: string}
	 */
	public function getPublicSettings(): array {
		return [
			'server_url' => $this->getServerUrl(),
			'api_key_set' => $this->getApiKey() !== '',
			'oauth_client_id' => $this->getOAuthClientId(),
		];
	}

	/**
	 * The admin page's initial state: the public settings and whether a client secret is set, never the secret.
	 *
	 * @return array{server_url: string, api_key_set: bool, oauth_client_id: string, oauth_client_secret_set: bool}
	 */
	public function getAdminSettings(): array {
		return $this->getPublicSettings() + ['oauth_client_secret_set' => $this->getOAuthClientSecret() !== ''];
	}

	/**
	 * Every field works the same way: null (omitted) keeps the stored value, '' clears it, anything else replaces it.
	 * Nothing is stored unless every given field is valid.
	 *
	 * @return array{server_url: string, api_key_set: bool, oauth_client_id: string}
	 * @throws InvalidSettingsException
	 */
	public function save(?string $serverUrl, ?string $apiKey, ?string $oauthClientId, ?string $oauthClientSecret): array {
		$changes = [
			self::KEY_SERVER_URL => $serverUrl === null ? null : $this->normaliseServerUrl($serverUrl),
			self::KEY_API_KEY => $this->checkToken($apiKey, $this->l->t('The API key contains characters that are not allowed.')),
			self::KEY_OAUTH_CLIENT_ID => $this->checkToken($oauthClientId === null ? null : trim($oauthClientId), $this->l->t('The OAuth client ID contains characters that are not allowed.')),
			self::KEY_OAUTH_CLIENT_SECRET => $this->checkToken($oauthClientSecret, $this->l->t('The OAuth client secret contains characters that are not allowed.')),
		];
		foreach (array_filter($changes, fn (?string $value) => $value !== null) as $key => $value) {
			$this->setOrDelete($key, $value);
		}
		return $this->getPublicSettings();
	}

	/** @throws InvalidSettingsException */
	private function checkToken(?string $value, string $refusal): ?string {
		if ($value !== null && $value !== '' && preg_match(self::TOKEN_PATTERN, $value) !== 1) {
			throw new InvalidSettingsException($refusal);
		}
		return $value;
	}

	/** @throws InvalidSettingsException */
	private function normaliseServerUrl(string $serverUrl): string {
		$serverUrl = rtrim(trim($serverUrl), '/');
		if ($serverUrl === '') {
			return '';
		}
		$parts = parse_url($serverUrl);
		$scheme = strtolower((string)($parts['scheme'] ?? ''));
		$isHttp = $parts !== false && in_array($scheme, ['http', 'https'], true);
		$hasOnlyAllowedParts = $parts !== false
			&& !isset($parts['user']) && !isset($parts['pass']) && !isset($parts['query']) && !isset($parts['fragment']);
		if (!$isHttp || ($parts['host'] ?? '') === '' || !$hasOnlyAllowedParts || preg_match('/\s/', $serverUrl) === 1) {
			throw new InvalidSettingsException($this->l->t('The MCP server address must be an http:// or https:// URL without user name, password, query or fragment.'));
		}
		return $serverUrl;
	}

	private function setOrDelete(string $key, string $value): void {
		if ($value === '') {
			$this->config->deleteSystemValue($key);
		} else {
			$this->config->setSystemValue($key, $value);
		}
	}
}

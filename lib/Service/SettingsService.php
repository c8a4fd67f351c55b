<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Reads, validates and saves the administrator's MCP server settings (app config; the two secrets as sensitive values).
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\InvalidSettingsException;
use OCP\IAppConfig;
use OCP\IConfig;
use OCP\IL10N;
use Psr\Log\LoggerInterface;

/**
 * The settings live in Nextcloud's app config (`occ config:app:get mcp_companion server_url`), the API key and the
 * client secret as sensitive values: encrypted in the database, hidden from `occ config:list` and never written to
 * config.php, so saving works with a read-only config.php too. Earlier versions kept them in config.php: a key
 * still there is copied into the app config the first time it is read; from then on the app config wins, and the
 * admin page names the config.php keys to delete (`occ config:system:delete mcp_server_api_key`).
 */
class SettingsService {
	public const KEY_SERVER_URL = 'server_url';
	public const KEY_API_KEY = 'api_key';
	public const KEY_OAUTH_CLIENT_ID = 'oauth_client_id';
	/** Set for a confidential client (sent as client_secret_post); empty for a public client. */
	public const KEY_OAUTH_CLIENT_SECRET = 'oauth_client_secret';
	/** App config key → the config.php key that held it in earlier versions. */
	public const LEGACY_SYSTEM_KEYS = [
		self::KEY_SERVER_URL => 'mcp_server_url',
		self::KEY_API_KEY => 'mcp_server_api_key',
		self::KEY_OAUTH_CLIENT_ID => 'mcp_oauth_client_id',
		self::KEY_OAUTH_CLIENT_SECRET => 'mcp_oauth_client_secret',
	];
	private const SENSITIVE_KEYS = [self::KEY_API_KEY, self::KEY_OAUTH_CLIENT_SECRET];

	private const TOKEN_PATTERN = '/^[\x21-\x7E]{1,512}$/D';

	public function __construct(
		private IAppConfig $appConfig,
		private IConfig $config,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	/** The sidecar's base URL without a trailing slash, '' when not configured. */
	public function getServerUrl(): string {
		return rtrim($this->readValue(self::KEY_SERVER_URL), '/');
	}

	/** The management API key sent as X-API-Key, '' when not set. */
	public function getApiKey(): string {
		return $this->readValue(self::KEY_API_KEY);
	}

	public function getOAuthClientId(): string {
		return $this->readValue(self::KEY_OAUTH_CLIENT_ID);
	}

	/** The OAuth client secret, '' for a public client. Never shown to anyone. */
	public function getOAuthClientSecret(): string {
		return $this->readValue(self::KEY_OAUTH_CLIENT_SECRET);
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
	 * The admin page's initial state: the public settings, whether a client secret is set (never the secret), and
	 * the old config.php keys an admin should delete.
	 *
	 * @return array{server_url: string, api_key_set: bool, oauth_client_id: string, oauth_client_secret_set: bool, legacy_system_keys: list<string>}
	 */
	public function getAdminSettings(): array {
		return $this->getPublicSettings() + [
			'oauth_client_secret_set' => $this->getOAuthClientSecret() !== '',
			'legacy_system_keys' => $this->findLegacySystemKeys(),
		];
	}

	/**
	 * The config.php keys of earlier versions that are still there (ignored once copied; `occ config:system:delete <key>`).
	 *
	 * @return list<string>
	 */
	public function findLegacySystemKeys(): array {
		return array_values(array_filter(self::LEGACY_SYSTEM_KEYS, fn (string $key) => $this->config->getSystemValue($key, null) !== null));
	}

	/**
	 * Every field works the same way: null (omitted) keeps the stored value, '' clears it, anything else replaces it.
	 * Nothing is stored unless every given field is valid. Writes the app config only, never config.php.
	 *
	 * @return array{server_url: string, api_key_set: bool, oauth_client_id: string}
	 * @throws InvalidSettingsException
	 */
	public function save(?string $serverUrl = null, ?string $apiKey = null, ?string $oauthClientId = null, ?string $oauthClientSecret = null): array {
		$changes = [
			self::KEY_SERVER_URL => $serverUrl === null ? null : $this->normaliseServerUrl($serverUrl),
			self::KEY_API_KEY => $this->checkToken($apiKey, $this->l->t('The API key contains characters that are not allowed.')),
			self::KEY_OAUTH_CLIENT_ID => $this->checkToken($oauthClientId === null ? null : trim($oauthClientId), $this->l->t('The OAuth client ID contains characters that are not allowed.')),
			self::KEY_OAUTH_CLIENT_SECRET => $this->checkToken($oauthClientSecret, $this->l->t('The OAuth client secret contains characters that are not allowed.')),
		];
		foreach (array_filter($changes, fn (?string $value) => $value !== null) as $key => $value) {
			$this->storeValue($key, $value);
		}
		return $this->getPublicSettings();
	}

	/**
	 * The server address and API key as the admin form holds them, checked like save() checks them but not stored:
	 * null takes the saved value, '' none.
	 *
	 * @return array{server_url: string, api_key: string}
	 * @throws InvalidSettingsException
	 */
	public function resolveServerCandidate(?string $serverUrl, ?string $apiKey): array {
		return [
			'server_url' => $serverUrl === null ? $this->getServerUrl() : $this->normaliseServerUrl($serverUrl),
			'api_key' => $this->checkToken($apiKey, $this->l->t('The API key contains characters that are not allowed.')) ?? $this->getApiKey(),
		];
	}

	/** The app config value; while there is none, the config.php value of an earlier version, copied into the app config once. */
	private function readValue(string $key): string {
		if ($this->appConfig->hasKey(Application::APP_ID, $key)) {
			return $this->appConfig->getValueString(Application::APP_ID, $key);
		}
		$legacyKey = self::LEGACY_SYSTEM_KEYS[$key];
		$legacy = $this->config->getSystemValueString($legacyKey, '');
		if ($legacy !== '') {
			$this->storeValue($key, $legacy);
			$this->logger->warning('MCP Companion: copied {legacyKey} from config.php into the app config, which is used from now on; remove it from config.php with: occ config:system:delete {legacyKey}', ['app' => Application::APP_ID, 'legacyKey' => $legacyKey]);
		}
		return $legacy;
	}

	/** '' is stored too (not deleted), so that a cleared value does not fall back to config.php. */
	private function storeValue(string $key, string $value): void {
		$this->appConfig->setValueString(Application::APP_ID, $key, $value, sensitive: in_array($key, self::SENSITIVE_KEYS, true));
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
		$scheme = strtolower($parts['scheme'] ?? '');
		$isHttp = $parts !== false && in_array($scheme, ['http', 'https'], true);
		$hasOnlyAllowedParts = $parts !== false
			&& !isset($parts['user']) && !isset($parts['pass']) && !isset($parts['query']) && !isset($parts['fragment']);
		if (!$isHttp || ($parts['host'] ?? '') === '' || !$hasOnlyAllowedParts || preg_match('/\s/', $serverUrl) === 1) {
			throw new InvalidSettingsException($this->l->t('The MCP server address must be an http:// or https:// URL without user name, password, query or fragment.'));
		}
		return $serverUrl;
	}
}

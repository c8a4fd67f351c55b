<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Where the admin settings live: the app config (secrets as sensitive values), never config.php; settings an admin
// put into config.php before keep working and are copied over once.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\IConfig;

class SettingsServiceTest extends UpstreamTestCase {
	private const SETTINGS = '/api/v1/admin/settings';
	private const ALL_FIELDS = ['serverUrl' => 'https://mcp.example.com', 'apiKey' => 'api-key-7', 'oauthClientId' => 'client-7', 'oauthClientSecret' => 'client-secret-7'];

	public function testSavingWritesNothingToConfigPhpAndKeepsTheSecretsAsSensitiveAppValues(): void {
		$response = $this->dispatch('PUT', self::SETTINGS, self::ALL_FIELDS, 'admin', true);

		$this->assertSame(200, $response->getStatus());
		$this->assertSame([], $this->config->getSystemValues());
		$this->assertSame([
			'api_key' => IConfig::SENSITIVE_VALUE,
			'oauth_client_id' => 'client-7',
			'oauth_client_secret' => IConfig::SENSITIVE_VALUE,
			'server_url' => 'https://mcp.example.com',
		], $this->filteredAppValues());
		$this->assertSame(['api-key-7', 'client-secret-7'], [$this->wiring->settings()->getApiKey(), $this->wiring->settings()->getOAuthClientSecret()]);
	}

	public function testSavingWorksWhileConfigPhpIsReadOnly(): void {
		$this->config->setSystemValue('config_is_read_only', true);

		$response = $this->dispatch('PUT', self::SETTINGS, self::ALL_FIELDS, 'admin', true);

		$this->assertSame(200, $response->getStatus(), (string)$response->render());
		$this->assertSame(['server_url' => 'https://mcp.example.com', 'api_key_set' => true, 'oauth_client_id' => 'client-7'], $response->getData()['settings']);
		$this->assertSame('client-secret-7', $this->wiring->settings()->getOAuthClientSecret());
	}

	public function testSettingsAnAdminPutIntoAReadOnlyConfigPhpStillWorkAndAreCopiedOnce(): void {
		$this->useLegacyConfigPhp(['mcp_server_url' => self::$upstream->url, 'mcp_server_api_key' => 'legacy-key', 'mcp_oauth_client_id' => 'legacy-client', 'mcp_oauth_client_secret' => 'legacy-secret', 'config_is_read_only' => true]);
		$this->setUpstreamBehaviour(['sidecar_api_key' => 'legacy-key']);

		$connection = $this->dispatch('POST', '/api/v1/admin/test-connection', [], 'admin', true);
		$page = $this->wiring->settings()->getAdminSettings();

		$this->assertSame(200, $connection->getStatus(), (string)$connection->render());
		$this->assertSame('legacy-key', $this->upstreamRequests('/api/v1/connection')[0]['headers']['x-api-key']);
		$this->assertSame(['legacy-client', true], [$page['oauth_client_id'], $page['oauth_client_secret_set']]);
		$this->assertSame([
			'api_key' => IConfig::SENSITIVE_VALUE,
			'oauth_client_id' => 'legacy-client',
			'oauth_client_secret' => IConfig::SENSITIVE_VALUE,
			'server_url' => self::$upstream->url,
		], $this->filteredAppValues());
		$this->assertSame('legacy-secret', $this->wiring->settings()->getOAuthClientSecret());
		$this->assertCount(4, $this->logger->messages('warning'), 'one warning per copied key');
		$this->assertStringContainsString('occ config:system:delete {legacyKey}', $this->logger->messages('warning')[0]);
	}

	public function testTheAppConfigWinsOverConfigPhpOnceSavedAndAClearedSecretStaysCleared(): void {
		$this->useLegacyConfigPhp(['mcp_server_api_key' => 'legacy-key']);

		$response = $this->dispatch('PUT', self::SETTINGS, ['apiKey' => ''], 'admin', true);
		$this->config->setSystemValue('mcp_server_api_key', 'edited-in-config-php-later');

		$this->assertFalse($response->getData()['settings']['api_key_set']);
		$this->assertSame('', $this->wiring->settings()->getApiKey());
	}

	public function testTheAdminPageNamesTheConfigPhpKeysToDeleteButNeverTheirValues(): void {
		$this->useLegacyConfigPhp(['mcp_server_api_key' => 'legacy-key', 'mcp_oauth_client_secret' => 'legacy-secret']);

		$state = $this->wiring->settings()->getAdminSettings();

		$this->assertSame(['mcp_server_api_key', 'mcp_oauth_client_secret'], $state['legacy_system_keys']);
		$this->assertTrue($state['api_key_set']);
		$this->assertStringNotContainsString('legacy-', json_encode($state));
	}

	/** config.php as an admin left it: no value in the app config yet (the test case's server URL removed too). */
	private function useLegacyConfigPhp(array $systemValues): void {
		$this->appConfig->deleteKey('mcp_companion', SettingsService::KEY_SERVER_URL);
		foreach ($systemValues as $key => $value) {
			$this->config->setSystemValue($key, $value);
		}
	}

	/** The companion's app config as `occ config:list` shows it (sensitive values hidden). */
	private function filteredAppValues(): array {
		$values = $this->appConfig->getAllValues('mcp_companion', '', true);
		ksort($values);
		return $values;
	}
}

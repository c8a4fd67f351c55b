<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// AdminSettingsController through routes.php: saving settings with validation, and testing the sidecar connection
// (an authenticated call, so the API key is checked too).
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use PHPUnit\Framework\Attributes\DataProvider;

class AdminSettingsControllerTest extends UpstreamTestCase {
	private const SETTINGS = '/api/v1/admin/settings';
	private const TEST_CONNECTION = '/api/v1/admin/test-connection';

	public function testSaveStoresTheSettingsAndNeverReturnsTheApiKey(): void {
		$response = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => 'https://mcp.example.com/', 'apiKey' => 'secret-key-1', 'oauthClientId' => 'client-1'], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('admin-settings-saved.json', $response);
		$this->assertSame(['server_url' => 'https://mcp.example.com', 'api_key_set' => true, 'oauth_client_id' => 'client-1'], $response->getData()['settings']);
		$this->assertSame('https://mcp.example.com', $this->readStoredSetting(SettingsService::KEY_SERVER_URL));
		$this->assertSame('secret-key-1', $this->readStoredSetting(SettingsService::KEY_API_KEY));
		$this->assertSame('client-1', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_ID));
		$this->assertStringNotContainsString('secret-key-1', $response->render());
	}

	public function testSaveKeepsTheApiKeyWhenItIsNullOrOmitted(): void {
		$this->saveSettings(apiKey: 'kept-key');

		$withNull = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => 'http://127.0.0.1:8000', 'apiKey' => null, 'oauthClientId' => ''], 'admin', true);
		$omitted = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => 'http://127.0.0.1:8000', 'oauthClientId' => ''], 'admin', true);

		$this->assertTrue($withNull->getData()['settings']['api_key_set']);
		$this->assertTrue($omitted->getData()['settings']['api_key_set']);
		$this->assertSame('kept-key', $this->readStoredSetting(SettingsService::KEY_API_KEY));
	}

	public function testSaveClearsTheApiKeyWhenItIsEmpty(): void {
		$this->saveSettings(apiKey: 'old-key');

		$response = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'apiKey' => '', 'oauthClientId' => ''], 'admin', true);

		ContractAssert::assertConforms('admin-settings-saved.json', $response);
		$this->assertFalse($response->getData()['settings']['api_key_set']);
		$this->assertSame('', $this->readStoredSetting(SettingsService::KEY_API_KEY));
		$this->assertSame('', $this->readStoredSetting(SettingsService::KEY_SERVER_URL));
	}

	public function testSaveStoresTheClientSecretAndNeverReturnsIt(): void {
		$response = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'oauthClientId' => 'companion', 'oauthClientSecret' => 'client-secret-1'], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('admin-settings-saved.json', $response);
		$this->assertSame('client-secret-1', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_SECRET));
		$this->assertStringNotContainsString('client-secret-1', $response->render());
	}

	public function testSaveKeepsTheClientSecretWhenItIsNullOrOmittedAndClearsItWhenEmpty(): void {
		$this->saveSettings(oauthClientSecret: 'kept-secret');

		$this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'oauthClientId' => 'companion', 'oauthClientSecret' => null], 'admin', true);
		$this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'oauthClientId' => 'companion'], 'admin', true);
		$kept = $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_SECRET);
		$this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'oauthClientId' => 'companion', 'oauthClientSecret' => ''], 'admin', true);

		$this->assertSame('kept-secret', $kept);
		$this->assertSame('', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_SECRET));
	}

	public function testSaveRefusesAClientSecretWithSpacesAndKeepsTheOldOne(): void {
		$this->saveSettings(oauthClientSecret: 'old-secret');

		$response = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'oauthClientId' => '', 'oauthClientSecret' => 'a secret'], 'admin', true);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('old-secret', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_SECRET));
	}

	public function testSaveKeepsEveryFieldThatIsOmitted(): void {
		$this->saveSettings(apiKey: 'kept-key');
		$this->saveSettings(oauthClientId: 'kept-client');
		$this->saveSettings(oauthClientSecret: 'kept-secret');

		$response = $this->dispatch('PUT', self::SETTINGS, [], 'admin', true);

		$this->assertSame(['server_url' => self::$upstream->url, 'api_key_set' => true, 'oauth_client_id' => 'kept-client'], $response->getData()['settings']);
		$this->assertSame('kept-secret', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_SECRET));
	}

	public function testSaveKeepsTheOAuthClientIdWhenOnlyTheServerUrlIsSent(): void {
		$this->saveSettings(oauthClientId: 'kept-client');

		$this->dispatch('PUT', self::SETTINGS, ['serverUrl' => 'https://mcp.example.com'], 'admin', true);

		$this->assertSame('kept-client', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_ID));
		$this->assertSame('https://mcp.example.com', $this->readStoredSetting(SettingsService::KEY_SERVER_URL));
	}

	public function testSaveClearsTheOAuthClientIdWhenItIsEmpty(): void {
		$this->saveSettings(oauthClientId: 'old-client');

		$response = $this->dispatch('PUT', self::SETTINGS, ['oauthClientId' => ''], 'admin', true);

		$this->assertSame('', $response->getData()['settings']['oauth_client_id']);
		$this->assertSame('', $this->readStoredSetting(SettingsService::KEY_OAUTH_CLIENT_ID));
	}

	public function testSaveRefusalIsLoggedAtInfoWithoutAStackTrace(): void {
		$this->dispatch('PUT', self::SETTINGS, ['serverUrl' => 'ftp://mcp.example.com'], 'admin', true);

		$this->assertSame([], $this->logger->messages('error'));
		[$record] = $this->logger->records;
		$this->assertSame('info', $record['level']);
		$this->assertArrayNotHasKey('exception', $record['context']);
		$this->assertSame(400, $record['context']['status']);
	}

	/** @return array<string, array{string}> */
	public static function invalidServerUrls(): array {
		return [
			'other scheme' => ['ftp://mcp.example.com'],
			'user info' => ['https://user:pass@mcp.example.com'],
			'no scheme' => ['mcp.example.com:8000'],
			'query' => ['https://mcp.example.com/?token=1'],
			'whitespace' => ['https://mcp example.com'],
		];
	}

	#[DataProvider('invalidServerUrls')]
	public function testSaveRefusesAnInvalidServerUrlWith400AndKeepsTheOldOne(string $serverUrl): void {
		$before = $this->readStoredSetting(SettingsService::KEY_SERVER_URL);

		$response = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => $serverUrl, 'apiKey' => null, 'oauthClientId' => ''], 'admin', true);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame($before, $this->readStoredSetting(SettingsService::KEY_SERVER_URL));
		$this->assertStringNotContainsString($serverUrl, $response->render());
	}

	public function testSaveRefusesAnApiKeyWithSpaces(): void {
		$response = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => '', 'apiKey' => 'a key', 'oauthClientId' => ''], 'admin', true);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
	}

	public function testAdminRoutesAreForAdministratorsOnly(): void {
		$save = $this->dispatch('PUT', self::SETTINGS, ['serverUrl' => 'https://evil.example.com'], 'bob', false);
		$test = $this->dispatch('POST', self::TEST_CONNECTION, [], 'bob', false);

		$this->assertSame([403, 403], [$save->getStatus(), $test->getStatus()]);
		$this->assertSame(self::$upstream->url, $this->readStoredSetting(SettingsService::KEY_SERVER_URL));
	}

	public function testTestConnectionMakesAnAuthenticatedCallAndReturnsTheSidecarsDocumentsAsTheyCame(): void {
		$this->saveSettings(apiKey: 'management-key-2');
		$this->setUpstreamBehaviour(['sidecar_api_key' => 'management-key-2']);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('admin-test-connection-success.json', $response);
		$this->assertSame(['accepted', null], [$response->getData()['api_key'], $response->getData()['warning']]);
		$sidecarStatus = json_decode((string)file_get_contents(ContractAssert::CONTRACT_DIR . '/sidecar-status.json'), true);
		$this->assertSame($sidecarStatus, $response->getData()['status']);
		$this->assertTrue($response->getData()['connection']['api_key_required']);
		$this->assertSame('management-key-2', $this->upstreamRequests('/api/v1/connection')[0]['headers']['x-api-key']);
	}

	public function testTestConnectionSucceedsWithoutAKeyWhenTheSidecarRequiresNone(): void {
		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('admin-test-connection-success.json', $response);
		$this->assertSame(['not_required', null], [$response->getData()['api_key'], $response->getData()['warning']]);
		$this->assertArrayNotHasKey('x-api-key', $this->upstreamRequests('/api/v1/connection')[0]['headers']);
	}

	public function testTestConnectionReportsAWrongApiKey(): void {
		$this->saveSettings(apiKey: 'wrong-key');
		$this->setUpstreamBehaviour(['sidecar_api_key' => 'management-key-2']);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(502, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('The MCP server refused the API key. Enter the value of its MANAGEMENT_API_KEY here.', $response->getData()['message']);
		$this->assertStringNotContainsString('wrong-key', $response->render());
	}

	public function testTestConnectionReportsAMissingApiKey(): void {
		$this->setUpstreamBehaviour(['sidecar_api_key' => 'management-key-2']);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(502, $response->getStatus());
		$this->assertSame('The MCP server requires an API key. Enter the value of its MANAGEMENT_API_KEY here.', $response->getData()['message']);
	}

	public function testTestConnectionWarnsWhenTheSidecarRequiresNoKeyWhileOneIsConfiguredHere(): void {
		$this->saveSettings(apiKey: 'unneeded-key');

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('admin-test-connection-warning.json', $response);
		$this->assertSame('not_required', $response->getData()['api_key']);
		$this->assertStringContainsString('accepts requests without an API key, but one is configured here', $response->getData()['warning']);
	}

	public function testTestConnectionSaysWhenTheAddressAnswersWithoutTheConnectionRoute(): void {
		$this->setUpstreamBehaviour(['sidecar_connection' => 'missing']);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(502, $response->getStatus());
		$this->assertStringStartsWith('This address answers, but not like an MCP server of this version.', $response->getData()['message']);
	}

	public function testTestConnectionReportsAnUnreachableSidecarWith502(): void {
		$unreachable = $this->unreachableUrl();
		$this->saveSettings(serverUrl: $unreachable);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(502, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('The MCP server could not be reached.', $response->getData()['message']);
		$this->assertStringNotContainsString('127.0.0.1', $response->render());
	}

	/** @return array<string, array{string, string}> */
	public static function failingSidecars(): array {
		return [
			'error status' => ['error', 'The MCP server refused the request.'],
			'not JSON' => ['garbage', 'The MCP server sent an answer the companion does not understand.'],
		];
	}

	#[DataProvider('failingSidecars')]
	public function testTestConnectionReportsAFailingSidecarWith502(string $behaviour, string $message): void {
		$this->setUpstreamBehaviour(['sidecar_connection' => $behaviour]);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(502, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame($message, $response->getData()['message']);
	}

	public function testTestConnectionReportsAMissingConfigurationWith503(): void {
		$this->saveSettings(serverUrl: '');

		$response = $this->dispatch('POST', self::TEST_CONNECTION, [], 'admin', true);

		$this->assertSame(503, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
	}

	public function testTestConnectionTestsTheUnsavedAddressOfTheFormNotTheSavedOne(): void {
		$response = $this->dispatch('POST', self::TEST_CONNECTION, ['serverUrl' => $this->unreachableUrl()], 'admin', true);

		$this->assertSame(502, $response->getStatus());
		$this->assertSame('The MCP server could not be reached.', $response->getData()['message']);
		$this->assertSame([], $this->upstreamRequests('/api/v1/connection'));
		$this->assertSame(self::$upstream->url, $this->readStoredSetting(SettingsService::KEY_SERVER_URL));
	}

	public function testTestConnectionTestsTheUnsavedAddressAndKeyAndStoresNeither(): void {
		$this->saveSettings(serverUrl: $this->unreachableUrl(), apiKey: 'old-key');
		$this->setUpstreamBehaviour(['sidecar_api_key' => 'typed-key']);

		$response = $this->dispatch('POST', self::TEST_CONNECTION, ['serverUrl' => self::$upstream->url . '/', 'apiKey' => 'typed-key'], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		$this->assertSame('accepted', $response->getData()['api_key']);
		$this->assertSame('typed-key', $this->upstreamRequests('/api/v1/connection')[0]['headers']['x-api-key']);
		$this->assertSame('old-key', $this->readStoredSetting(SettingsService::KEY_API_KEY));
	}

	public function testTestConnectionWithAnEmptyKeyInTheFormSendsNone(): void {
		$this->saveSettings(apiKey: 'stored-key');

		$response = $this->dispatch('POST', self::TEST_CONNECTION, ['apiKey' => ''], 'admin', true);

		$this->assertSame([200, null], [$response->getStatus(), $response->getData()['warning']]);
		$this->assertArrayNotHasKey('x-api-key', $this->upstreamRequests('/api/v1/connection')[0]['headers']);
	}

	public function testTestConnectionRefusesAnInvalidAddressWith400WithoutCallingAnything(): void {
		$response = $this->dispatch('POST', self::TEST_CONNECTION, ['serverUrl' => 'ftp://mcp.example.com'], 'admin', true);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	/** What the app config holds (decrypted), as the companion reads it. */
	private function readStoredSetting(string $key): string {
		return $this->appConfig->getValueString('mcp_companion', $key);
	}
}

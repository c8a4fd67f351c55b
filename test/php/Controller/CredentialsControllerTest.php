<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// CredentialsController through routes.php against a loopback sidecar and the platform double as Nextcloud.
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\CredentialService;
use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\UpstreamTestCase;
use OCP\AppFramework\Http\JSONResponse;

class CredentialsControllerTest extends UpstreamTestCase {
	private const CREDENTIALS = '/api/v1/background-sync/credentials';

	public function testStoreEncryptsTheAppPasswordAndForwardsItToTheSidecar(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('credentials-store-success.json', $response);
		$this->assertSame(['success' => true, 'partial_success' => false, 'local_storage' => true, 'mcp_sync' => true], $response->getData());
		$stored = $this->config->getUserValues('alice', Application::APP_ID);
		$this->assertNotSame(self::ALICE_PASSWORD, $stored[CredentialService::KEY_APP_PASSWORD]);
		$this->assertSame(self::ALICE_PASSWORD, $this->wiring->crypto->decrypt($stored[CredentialService::KEY_APP_PASSWORD]));
		$this->assertSame('app_password', $stored[CredentialService::KEY_TYPE]);
		$this->assertSame('alice', $stored[CredentialService::KEY_LOGIN_NAME]);
		$this->assertEqualsWithDelta(time(), (int)$stored[CredentialService::KEY_PROVISIONED_AT], 5);
		[$forwarded] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame(['POST', '/api/v1/users/alice/app-password'], [$forwarded['method'], $forwarded['path']]);
		$this->assertSame('Basic ' . base64_encode('alice:' . self::ALICE_PASSWORD), $forwarded['headers']['authorization']);
		$this->assertArrayNotHasKey('x-api-key', $forwarded['headers']);
	}

	public function testStoreChecksTheAppPasswordAtNextcloudsOcsUserEndpoint(): void {
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		[$check] = $this->nextcloudRequests();
		$this->assertSame(['GET', self::$nextcloud->url . '/ocs/v2.php/cloud/user?format=json'], [$check['method'], $check['uri']]);
		$this->assertSame('true', $check['options']['headers']['OCS-APIRequest']);
		$this->assertSame('application/json', $check['options']['headers']['Accept']);
		$this->assertSame('Basic ' . base64_encode('alice:' . self::ALICE_PASSWORD), $check['options']['headers']['Authorization']);
	}

	public function testStoreProvisionsAnAppPasswordMintedUnderTheEmailWithThatLoginName(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_EMAIL_PASSWORD, 'loginName' => ' ' . self::ALICE_EMAIL . ' ']);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('credentials-store-success.json', $response);
		[$forwarded] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame('/api/v1/users/alice/app-password', $forwarded['path']);
		$this->assertSame('Basic ' . base64_encode(self::ALICE_EMAIL . ':' . self::ALICE_EMAIL_PASSWORD), $forwarded['headers']['authorization']);
		$this->assertSame(self::ALICE_EMAIL, $this->credentialsStatus()['login_name']);
	}

	public function testStoreRefusesAnAppPasswordMintedUnderTheUserIdWhenSentWithTheEmail(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD, 'loginName' => self::ALICE_EMAIL]);

		$this->assertSame(401, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertStringContainsString('with the login name "alice@example.com"', $response->getData()['message']);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testStoreRefusesAnAppPasswordMintedUnderTheEmailWhenSentWithTheUserId(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_EMAIL_PASSWORD, 'loginName' => 'alice']);

		$this->assertSame(401, $response->getStatus());
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
	}

	public function testStoreRefusesALoginNameWithAColonWith400WithoutAskingNextcloud(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD, 'loginName' => 'alice:evil']);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->nextcloudRequests());
	}

	public function testStoreSendsTheApiKeyWhenOneIsConfigured(): void {
		$this->saveSettings(apiKey: 'management-key-1');

		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		[$forwarded] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame('management-key-1', $forwarded['headers']['x-api-key']);
	}

	public function testStoreAcceptsA72CharacterLoginFlowPassword(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_LOGIN_FLOW_PASSWORD]);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('credentials-store-success.json', $response);
	}

	public function testStoreKeepsTheLocalCopyWhenTheSidecarIsDown(): void {
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('credentials-store-partial.json', $response);
		$this->assertSame('The MCP server could not be reached. Background sync starts once it is.', $response->getData()['mcp_error']);
		$this->assertTrue($this->credentialsStatus()['provisioned']);
	}

	public function testStoreReportsTheSidecarsMessageWhenItRefuses(): void {
		$this->setUpstreamBehaviour(['sidecar_store' => 'reject']);

		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		ContractAssert::assertConforms('credentials-store-partial.json', $response);
		$this->assertSame('The MCP server refused it: Too many attempts; try again later.', $response->getData()['mcp_error']);
	}

	public function testStoreSaysWhenNoSidecarIsConfigured(): void {
		$this->saveSettings(serverUrl: '');

		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		ContractAssert::assertConforms('credentials-store-partial.json', $response);
		$this->assertStringContainsString('not configured', $response->getData()['mcp_error']);
	}

	public function testStoreRefusesAMalformedPasswordWith400AndStoresNothing(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => 'my-login-password']);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
		$this->assertSame([], $this->upstreamRequests());
	}

	public function testStoreRefusesAPasswordNextcloudRejectsWith401AndStoresNothing(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => 'Zzzzz-12345-fGhIj-67890-kLmNo']);

		$this->assertSame(401, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertStringStartsWith('Nextcloud did not accept this app password with the login name "alice".', $response->getData()['message']);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testStoreRefusesAnotherUsersAppPasswordWithTheirLoginName(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::BOB_PASSWORD, 'loginName' => 'bob']);

		$this->assertSame(401, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('This app password belongs to another account.', $response->getData()['message']);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testStoreAnswers502WhenNextcloudCannotBeReached(): void {
		$this->config->setSystemValue('overwrite.cli.url', $this->unreachableUrl());

		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		$this->assertSame(502, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
	}

	public function testStatusIsNoneBeforeAndActiveAfterProvisioning(): void {
		$before = $this->dispatch('GET', '/api/v1/background-sync/status');
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		$after = $this->dispatch('GET', '/api/v1/background-sync/status');

		ContractAssert::assertConforms('background-sync-status-none.json', $before);
		ContractAssert::assertConforms('background-sync-status-active.json', $after);
		$this->assertSame('app_password', $after->getData()['credential_type']);
		$this->assertSame('alice', $after->getData()['login_name']);
		$this->assertNotFalse(\DateTimeImmutable::createFromFormat(DATE_ATOM, $after->getData()['provisioned_at']));
	}

	public function testRevokeRemovesTheLocalCopyAndAsksTheSidecarWithTheStoredLoginNameAndPassword(): void {
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_EMAIL_PASSWORD, 'loginName' => self::ALICE_EMAIL]);

		$response = $this->dispatch('DELETE', self::CREDENTIALS);

		ContractAssert::assertConforms('credentials-revoke.json', $response);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
		$deletes = array_values(array_filter($this->upstreamRequests('/api/v1/users/'), fn ($r) => $r['method'] === 'DELETE'));
		$this->assertSame('/api/v1/users/alice/app-password', $deletes[0]['path']);
		$this->assertSame('Basic ' . base64_encode(self::ALICE_EMAIL . ':' . self::ALICE_EMAIL_PASSWORD), $deletes[0]['headers']['authorization']);
		$this->assertFalse($this->credentialsStatus()['provisioned']);
	}

	public function testRevokeSendsTheUserIdForACredentialStoredWithoutALoginName(): void {
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);
		$this->config->deleteUserValue('alice', Application::APP_ID, CredentialService::KEY_LOGIN_NAME);

		$this->dispatch('DELETE', self::CREDENTIALS);

		$deletes = array_values(array_filter($this->upstreamRequests('/api/v1/users/'), fn ($r) => $r['method'] === 'DELETE'));
		$this->assertSame('Basic ' . base64_encode('alice:' . self::ALICE_PASSWORD), $deletes[0]['headers']['authorization']);
	}

	public function testRevokeIsPartialWhenTheSidecarIsDown(): void {
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$response = $this->dispatch('DELETE', self::CREDENTIALS);

		ContractAssert::assertConforms('credentials-revoke-partial.json', $response);
		$this->assertSame('The MCP server could not be reached.', $response->getData()['mcp_error']);
		$this->assertSame([], $this->config->getUserValues('alice', Application::APP_ID));
	}

	public function testRevokeCountsASidecarWithoutThePasswordAsDeleted(): void {
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);
		$this->setUpstreamBehaviour(['sidecar_delete' => 'missing']);

		$response = $this->dispatch('DELETE', self::CREDENTIALS);

		ContractAssert::assertConforms('credentials-revoke.json', $response);
	}

	public function testUserStatusShowsAdministratorsWhetherAUserProvisionedButNeverTheSecret(): void {
		$this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD]);

		$response = $this->dispatch('GET', self::CREDENTIALS . '/alice', [], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('admin-user-credentials.json', $response);
		$this->assertSame('alice', $response->getData()['user_id']);
		$this->assertStringNotContainsString(self::ALICE_PASSWORD, $response->render());
		$this->assertStringNotContainsString($this->config->getUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD), $response->render());
	}

	public function testUserStatusIsForAdministratorsOnly(): void {
		$response = $this->dispatch('GET', self::CREDENTIALS . '/alice', [], 'bob', false);

		$this->assertSame(403, $response->getStatus());
	}

	public function testUserStatusAnswers404ForAUserNextcloudDoesNotKnowAndLogsItWithoutATrace(): void {
		$response = $this->dispatch('GET', self::CREDENTIALS . '/nobody', [], 'admin', true);

		$this->assertSame(404, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->logger->messages('error'));
		$this->assertArrayNotHasKey('exception', $this->logger->records[0]['context']);
	}

	public function testUserStatusAnswersForAKnownUserWhoProvisionedNothing(): void {
		$response = $this->dispatch('GET', self::CREDENTIALS . '/bob', [], 'admin', true);

		$this->assertSame(200, $response->getStatus());
		$this->assertSame(['user_id' => 'bob', 'provisioned' => false, 'credential_type' => null, 'login_name' => null, 'provisioned_at' => null], $response->getData());
	}

	public function testPersonalRoutesNeedTheRequestToken(): void {
		$response = $this->dispatch('POST', self::CREDENTIALS, ['appPassword' => self::ALICE_PASSWORD], withToken: false);

		$this->assertSame(412, $response->getStatus());
		$this->assertSame(['message' => 'CSRF check failed'], $response->getData());
		$this->assertSame([], $this->upstreamRequests());
	}

	/** @return array<string, mixed> */
	private function credentialsStatus(): array {
		$response = $this->dispatch('GET', '/api/v1/background-sync/status');
		$this->assertInstanceOf(JSONResponse::class, $response);
		return $response->getData();
	}
}

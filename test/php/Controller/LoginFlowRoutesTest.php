<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// "Allow background access" through routes.php: the companion starts and polls the sidecar's Login Flow v2 with the
// user's access token and records the grant; and whether the server answers at all.
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\CredentialService;
use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\OAuthTestCase;

class LoginFlowRoutesTest extends OAuthTestCase {
	private const START = '/api/v1/background-sync/login-flow';
	private const POLL = '/api/v1/background-sync/login-flow/poll';
	private const FLOW_ID = 'Xk2v9QpL0aZrT7mWc4dE1fGhJ3kLmN5oPq8rSt6uVwY';

	public function testStartAsksTheSidecarWithTheUsersTokenAndAnswersTheGrantPage(): void {
		$this->saveSettings(apiKey: 'management-key-5');
		$this->signIn();

		$response = $this->dispatch('POST', self::START);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('login-flow-started.json', $response);
		$this->assertSame('https://cloud.example.com/index.php/login/v2/flow/h7Jk2LmNpQ', $response->getData()['login_url']);
		[$call] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame(['POST', '/api/v1/users/alice/login-flow'], [$call['method'], $call['path']]);
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $call['headers']['authorization']);
		$this->assertSame('management-key-5', $call['headers']['x-api-key']);
	}

	public function testStartWithoutSignInAsksToSignInAndCallsNothing(): void {
		$response = $this->dispatch('POST', self::START);

		$this->assertSame(403, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame('sign_in_required', $response->getData()['error']);
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/'));
	}

	public function testStartExplainsAModeWithoutLoginFlowAndOffersTheAppPassword(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_login_flow' => 'missing']);

		$response = $this->dispatch('POST', self::START);

		$this->assertSame(502, $response->getStatus());
		$this->assertStringContainsString('Use an app password instead', $response->getData()['message']);
	}

	public function testPollRecordsTheGrantWithItsLoginNameAndKeepsTheGrantedPasswordEncrypted(): void {
		$this->signIn();
		$this->config->setUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD, 'old-encrypted-copy');

		$response = $this->dispatch('POST', self::POLL, ['flowId' => self::FLOW_ID]);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('login-flow-granted.json', $response);
		$this->assertSame(['status' => 'granted', 'success' => true, 'partial_success' => false, 'local_storage' => true, 'mcp_sync' => true], $response->getData());
		[$call] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame(['POST', '/api/v1/users/alice/login-flow/poll'], [$call['method'], $call['path']]);
		$this->assertSame(['flow_id' => self::FLOW_ID], json_decode($call['body'], true));
		$status = $this->dispatch('GET', '/api/v1/background-sync/status')->getData();
		$this->assertSame([true, 'alice@example.com'], [$status['provisioned'], $status['login_name']]);
		$stored = $this->config->getUserValue('alice', Application::APP_ID, CredentialService::KEY_APP_PASSWORD, '');
		$granted = json_decode((string)file_get_contents(ContractAssert::CONTRACT_DIR . '/sidecar-login-flow-poll.json'), true)['app_password'];
		$this->assertNotSame($granted, $stored);
		$this->assertSame($granted, $this->wiring->crypto->decrypt($stored));
	}

	public function testPollAnswersPendingAndRecordsNothing(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_login_flow' => 'pending']);

		$response = $this->dispatch('POST', self::POLL, ['flowId' => self::FLOW_ID]);

		ContractAssert::assertConforms('login-flow-pending.json', $response);
		$this->assertSame(['status' => 'pending'], $response->getData());
		$this->assertFalse($this->dispatch('GET', '/api/v1/background-sync/status')->getData()['provisioned']);
	}

	public function testPollPassesOnTheSidecarsWordsWhenAnotherUserGranted(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_login_flow' => 'another_user']);

		$response = $this->dispatch('POST', self::POLL, ['flowId' => self::FLOW_ID]);

		$this->assertSame(502, $response->getStatus());
		$this->assertSame('You logged in to Nextcloud as another user; log in as yourself and try again.', $response->getData()['message']);
		$this->assertFalse($this->dispatch('GET', '/api/v1/background-sync/status')->getData()['provisioned']);
	}

	public function testPollRefusesAMalformedFlowIdWith400WithoutAskingTheSidecar(): void {
		$this->signIn();

		$response = $this->dispatch('POST', self::POLL, ['flowId' => '../../revoke']);

		$this->assertSame(400, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/alice/login-flow'));
	}

	public function testServerReportsReachableWithLoginFlowInHybridModeWithAClient(): void {
		$response = $this->dispatch('GET', '/api/v1/background-sync/server');

		ContractAssert::assertConforms('background-sync-server.json', $response);
		$this->assertSame(['configured' => true, 'reachable' => true, 'login_flow' => true], $response->getData());
	}

	public function testServerReportsNoLoginFlowInBasicMode(): void {
		$this->changeUpstreamBehaviour(['sidecar_status' => 'ok']);

		$response = $this->dispatch('GET', '/api/v1/background-sync/server');

		$this->assertSame(['configured' => true, 'reachable' => true, 'login_flow' => false], $response->getData());
	}

	public function testServerReportsAnUnreachableServer(): void {
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$response = $this->dispatch('GET', '/api/v1/background-sync/server');

		$this->assertSame(200, $response->getStatus());
		$this->assertSame(['configured' => true, 'reachable' => false, 'login_flow' => false], $response->getData());
	}
}

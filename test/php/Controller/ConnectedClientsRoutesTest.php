<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The connected MCP clients through routes.php, against the upstream router's play of the sidecar's oauth-clients
// routes (test/php/fixtures/upstream-router.php, following sidecar/openapi.json's ConnectedClients).
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\OAuthTestCase;

class ConnectedClientsRoutesTest extends OAuthTestCase {
	private const CLAUDE = 'https://claude.ai/oauth/mcp-client-metadata.json';

	public function testListAnswersTheClientsInTheCompanionsWordsAndLeavesOutItsOwnAndMalformedOnes(): void {
		$this->signIn();

		$response = $this->dispatch('GET', '/api/v1/session/clients');

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('session-clients.json', $response);
		$this->assertSame([
			'authorization_server' => 'sidecar',
			'clients' => [['client_id' => self::CLAUDE, 'name' => 'Claude', 'since' => '2026-11-20T08:15:00.000Z', 'last_used' => '2026-11-28T14:02:00.000Z', 'scopes' => ['files:read', 'knowledge:read']]],
		], $response->getData());
		[$call] = $this->upstreamRequests('/api/v1/users/alice/oauth-clients');
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $call['headers']['authorization']);
	}

	public function testListSaysNoneWhenTheSidecarHasNoSuchRoute(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_oauth_clients' => 'missing']);

		$response = $this->dispatch('GET', '/api/v1/session/clients');

		$this->assertSame(['authorization_server' => 'none', 'clients' => []], $response->getData());
	}

	public function testListNamesNextcloudAsTheAuthorizationServer(): void {
		$this->signIn();
		$this->changeUpstreamBehaviour(['sidecar_oauth_clients' => 'nextcloud']);

		$response = $this->dispatch('GET', '/api/v1/session/clients');

		$this->assertSame(['authorization_server' => 'nextcloud', 'clients' => []], $response->getData());
	}

	public function testRevokeDeletesTheClientAtTheSidecarByItsEncodedId(): void {
		$this->signIn();

		$response = $this->dispatch('POST', '/api/v1/session/clients/revoke', ['clientId' => self::CLAUDE]);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms('session-client-revoked.json', $response);
		[$call] = $this->upstreamRequests('/api/v1/users/alice/oauth-clients/');
		$this->assertSame(['DELETE', '/api/v1/users/alice/oauth-clients/' . rawurlencode(self::CLAUDE)], [$call['method'], $call['path']]);
	}

	public function testRevokeOfAnUnknownClientSaysItIsNoLongerConnected(): void {
		$this->signIn();

		$response = $this->dispatch('POST', '/api/v1/session/clients/revoke', ['clientId' => 'https://other.example/client.json']);

		$this->assertSame(502, $response->getStatus());
		$this->assertSame('This client is no longer connected.', $response->getData()['message']);
	}

	public function testRevokeRefusesTheCompanionsOwnGrantWithoutAskingTheSidecar(): void {
		$this->signIn();

		$response = $this->dispatch('POST', '/api/v1/session/clients/revoke', ['clientId' => self::CLIENT_ID]);

		$this->assertSame(400, $response->getStatus());
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/alice/oauth-clients'));
	}

	public function testRevokeRefusesAnEmptyIdWithoutAskingTheSidecar(): void {
		$this->signIn();

		$response = $this->dispatch('POST', '/api/v1/session/clients/revoke', ['clientId' => '']);

		$this->assertSame(400, $response->getStatus());
		$this->assertSame([], $this->upstreamRequests('/api/v1/users/alice/oauth-clients'));
	}
}

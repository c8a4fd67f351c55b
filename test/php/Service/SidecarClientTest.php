<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// SidecarClient through a client with Nextcloud's IClient::request(method, uri): every call reaches the sidecar.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Service\SidecarClient;
use OCA\McpCompanion\Tests\UpstreamTestCase;

class SidecarClientTest extends UpstreamTestCase {
	private SidecarClient $sidecar;

	protected function setUp(): void {
		parent::setUp();
		$this->sidecar = $this->wiring->sidecar();
	}

	public function testEveryCallReachesTheSidecarWithItsMethodAndPath(): void {
		$this->sidecar->fetchStatus();
		$this->sidecar->fetchConnection();
		$this->sidecar->storeAppPassword('alice', 'alice', self::ALICE_PASSWORD);
		$this->sidecar->deleteAppPassword('alice', 'alice', self::ALICE_PASSWORD);
		$this->sidecar->fetchSession('alice', 'access-token-1');
		$this->sidecar->revokeBackgroundAccess('alice', 'access-token-1');

		$sent = array_map(fn (array $request) => $request['method'] . ' ' . $request['path'], $this->upstreamRequests('/api/v1/'));
		$this->assertSame([
			'GET /api/v1/status',
			'GET /api/v1/connection',
			'POST /api/v1/users/alice/app-password',
			'DELETE /api/v1/users/alice/app-password',
			'GET /api/v1/users/alice/session',
			'POST /api/v1/users/alice/revoke',
		], $sent);
		$this->assertSame([], $this->logger->messages('warning'));
	}

	public function testSendsTheLoginNameAndAppPasswordAsBasicAuthForTheUserInThePath(): void {
		$this->sidecar->storeAppPassword('alice', self::ALICE_EMAIL, self::ALICE_EMAIL_PASSWORD);

		[$stored] = $this->upstreamRequests('/api/v1/users/');
		$this->assertSame('/api/v1/users/alice/app-password', $stored['path']);
		$this->assertSame('Basic ' . base64_encode(self::ALICE_EMAIL . ':' . self::ALICE_EMAIL_PASSWORD), $stored['headers']['authorization']);
	}
}

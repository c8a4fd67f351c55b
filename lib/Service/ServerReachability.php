<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Whether the MCP server answers now, and whether it can ask Nextcloud for background access for a signed-in user.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;

class ServerReachability {
	public function __construct(
		private SidecarClient $sidecar,
		private SettingsService $settings,
	) {
	}

	/**
	 * background-sync-server.json. `login_flow`: the sidecar signs users in through an identity provider (its status
	 * names a `discovery_url`: hybrid or oauth mode) and the companion has its OAuth client, so the sidecar's
	 * login-flow route, which takes the user's access token (`owner-token` in sidecar/src/api/route-access.ts), can
	 * be called. In basic and multi_user_basic modes without a provider there is no such token: pasting stays.
	 *
	 * @return array{configured: bool, reachable: bool, login_flow: bool}
	 */
	public function describe(): array {
		if (!$this->settings->isServerConfigured()) {
			return ['configured' => false, 'reachable' => false, 'login_flow' => false];
		}
		try {
			$status = $this->sidecar->fetchStatus();
		} catch (CompanionException) {
			return ['configured' => true, 'reachable' => false, 'login_flow' => false];
		}
		$hasProvider = is_string($status['discovery_url'] ?? null) && $status['discovery_url'] !== '';
		return ['configured' => true, 'reachable' => true, 'login_flow' => $hasProvider && $this->settings->isOAuthConfigured()];
	}
}

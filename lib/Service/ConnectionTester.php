<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// "Test connection": reaches the sidecar with an authenticated call, with the address and API key in the admin form
// (saved or not), so a wrong address or a wrong or missing API key shows here before it is saved.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\SidecarNotConfiguredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCP\AppFramework\Http;
use OCP\IL10N;

class ConnectionTester {
	public const API_KEY_ACCEPTED = 'accepted';
	public const API_KEY_NOT_REQUIRED = 'not_required';

	public function __construct(
		private SidecarClient $sidecar,
		private SettingsService $settings,
		private IL10N $l,
	) {
	}

	/**
	 * The body of admin-test-connection-success.json or -warning.json without `success`: whether the sidecar wants
	 * the API key (`accepted`: it does and took the one sent; `not_required`), a warning when it wants none while
	 * one is configured here, the sidecar's connection and status documents. $serverUrl and $apiKey as the form holds
	 * them: null takes the saved value, '' none.
	 *
	 * @return array{api_key: string, warning: ?string, connection: array<string, mixed>, status: array<string, mixed>}
	 * @throws CompanionException an invalid address or key (400), no address (503), unreachable or unusable answer, key missing or refused,
	 *                            any other refusal (502)
	 */
	public function test(?string $serverUrl = null, ?string $apiKey = null): array {
		$candidate = $this->settings->resolveServerCandidate($serverUrl, $apiKey);
		if ($candidate['server_url'] === '') {
			throw new SidecarNotConfiguredException($this->l->t('Enter the address of the MCP server first.'));
		}
		$sidecar = $this->sidecar->forServer($candidate['server_url'], $candidate['api_key']);
		$hasKey = $candidate['api_key'] !== '';
		$connection = $this->fetchConnection($sidecar, $hasKey);
		$keyRequired = $connection['api_key_required'];
		$warning = !$keyRequired && $hasKey
			? $this->l->t('The MCP server accepts requests without an API key, but one is configured here. Set MANAGEMENT_API_KEY on the MCP server to the same value, or remove the key here.')
			: null;
		return [
			'api_key' => $keyRequired ? self::API_KEY_ACCEPTED : self::API_KEY_NOT_REQUIRED,
			'warning' => $warning,
			'connection' => $connection,
			'status' => $sidecar->fetchStatus(),
		];
	}

	/**
	 * @return array<string, mixed> with a boolean `api_key_required`
	 * @throws CompanionException
	 */
	private function fetchConnection(SidecarClient $sidecar, bool $hasKey): array {
		try {
			$connection = $sidecar->fetchConnection();
		} catch (SidecarRejectedException $e) {
			throw $this->explainRefusal($e, $hasKey);
		}
		if (!is_bool($connection['api_key_required'] ?? null)) {
			throw new SidecarUnreachableException($this->l->t('The MCP server sent an answer the companion does not understand.'));
		}
		return $connection;
	}

	private function explainRefusal(SidecarRejectedException $e, bool $hasKey): SidecarRejectedException {
		$message = match (true) {
			$e->getSidecarStatus() === Http::STATUS_UNAUTHORIZED && !$hasKey
				=> $this->l->t('The MCP server requires an API key. Enter the value of its MANAGEMENT_API_KEY here.'),
			$e->getSidecarStatus() === Http::STATUS_UNAUTHORIZED
				=> $this->l->t('The MCP server refused the API key. Enter the value of its MANAGEMENT_API_KEY here.'),
			$e->getSidecarStatus() === Http::STATUS_NOT_FOUND
				=> $this->l->t('This address answers, but not like an MCP server of this version. Check the address, or update the MCP server.'),
			default => null,
		};
		return $message === null ? $e : new SidecarRejectedException($message, $e->getSidecarMessage(), $e->getSidecarStatus());
	}
}

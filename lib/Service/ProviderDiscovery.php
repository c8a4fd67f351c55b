<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Finds the OpenID provider through the sidecar's status (discovery_url) and reads its endpoints: Nextcloud's oidc
// app, or the sidecar's own authorization server, whose status also names the resource (RFC 8707) to sign in for.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\OAuthProviderException;
use OCA\McpCompanion\Exception\OAuthUnavailableException;
use OCA\McpCompanion\Exception\SidecarNotConfiguredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCP\Http\Client\IClientService;
use OCP\IL10N;
use Psr\Log\LoggerInterface;

class ProviderDiscovery {
	private const TIMEOUT_SECONDS = 10;

	/** Kept for the rest of this request only: the provider can change with the sidecar's settings. */
	private ?array $endpoints = null;

	public function __construct(
		private SidecarClient $sidecar,
		private IClientService $clientService,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * The provider's endpoints, and the resource a sign-in names (null when the status names none: Nextcloud's oidc
	 * app, or a sidecar from before the field).
	 *
	 * @return array{authorization_endpoint: string, token_endpoint: string, resource: ?string}
	 * @throws OAuthUnavailableException when the sidecar's mode has no provider
	 * @throws OAuthProviderException|SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	public function getEndpoints(): array {
		if ($this->endpoints === null) {
			[$discoveryUrl, $resource] = $this->readStatus();
			$this->endpoints = $this->fetchEndpoints($discoveryUrl) + ['resource' => $resource];
		}
		return $this->endpoints;
	}

	/**
	 * @return array{0: string, 1: ?string} the discovery URL and the resource
	 * @throws OAuthUnavailableException|SidecarNotConfiguredException|SidecarUnreachableException|SidecarRejectedException
	 */
	private function readStatus(): array {
		$status = $this->sidecar->fetchStatus();
		$discoveryUrl = $status['discovery_url'] ?? null;
		if (!is_string($discoveryUrl) || !$this->isHttpUrl($discoveryUrl)) {
			throw new OAuthUnavailableException($this->l->t('The MCP server does not offer sign-in with Nextcloud in its current mode.'));
		}
		$resource = $status['resource'] ?? null;
		if ($resource !== null && (!is_string($resource) || !$this->isHttpUrl($resource))) {
			$this->logger->warning('The MCP server\'s status names a resource that is not an http(s) URL');
			throw new OAuthUnavailableException($this->l->t('The MCP server does not offer sign-in with Nextcloud in its current mode.'));
		}
		return [$discoveryUrl, $resource];
	}

	/**
	 * @return array{authorization_endpoint: string, token_endpoint: string}
	 * @throws OAuthProviderException
	 */
	private function fetchEndpoints(string $discoveryUrl): array {
		try {
			$response = $this->clientService->newClient()->get($discoveryUrl, [
				'headers' => ['Accept' => 'application/json'],
				'timeout' => self::TIMEOUT_SECONDS,
				'http_errors' => false,
				// The provider is this Nextcloud (or one the sidecar trusts), often on a local address.
				'nextcloud' => ['allow_local_address' => true],
			]);
			$document = $response->getStatusCode() === 200 ? json_decode((string)$response->getBody(), true) : null;
		} catch (\Throwable $e) {
			$this->logger->warning('The OpenID provider\'s discovery document could not be fetched', ['exception' => $e, 'url' => $discoveryUrl]);
			throw $this->buildUnreachable();
		}
		$authorize = $document['authorization_endpoint'] ?? null;
		$token = $document['token_endpoint'] ?? null;
		if (!is_string($authorize) || !is_string($token) || !$this->isHttpUrl($authorize) || !$this->isHttpUrl($token)) {
			$this->logger->warning('The OpenID provider\'s discovery document is not usable', ['url' => $discoveryUrl, 'status' => $response->getStatusCode()]);
			throw $this->buildUnreachable();
		}
		return ['authorization_endpoint' => $authorize, 'token_endpoint' => $token];
	}

	private function isHttpUrl(string $url): bool {
		$scheme = strtolower((string)parse_url($url, PHP_URL_SCHEME));
		return in_array($scheme, ['http', 'https'], true) && (string)parse_url($url, PHP_URL_HOST) !== '';
	}

	private function buildUnreachable(): OAuthProviderException {
		return new OAuthProviderException($this->l->t('Nextcloud\'s sign-in service could not be reached.'));
	}
}

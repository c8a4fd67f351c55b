<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Checks an app password's format and, at Nextcloud's OCS user endpoint, that it works with the login name and
// belongs to the signed-in user.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\AppPasswordException;
use OCP\AppFramework\Http;
use OCP\Http\Client\IClientService;
use OCP\IConfig;
use OCP\IL10N;
use OCP\IURLGenerator;
use Psr\Log\LoggerInterface;

class AppPasswordValidator {
	/** Created in the security settings: five groups of five letters or digits. */
	private const GROUPED_FORMAT = '/^[A-Za-z0-9]{5}(?:-[A-Za-z0-9]{5}){4}$/D';
	/** Created by Login Flow v2: 72 letters and digits. */
	private const LOGIN_FLOW_FORMAT = '/^[A-Za-z0-9]{72}$/D';
	private const TIMEOUT_SECONDS = 10;
	/** Basic auth cannot carry a colon in the user part; control characters are never part of a login name. */
	private const LOGIN_NAME_FORMAT = '/^[^:\x00-\x1F\x7F]{1,255}$/uD';

	public function __construct(
		private IClientService $clientService,
		private IConfig $config,
		private IURLGenerator $urlGenerator,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	public function isWellFormed(string $appPassword): bool {
		return preg_match(self::GROUPED_FORMAT, $appPassword) === 1
			|| preg_match(self::LOGIN_FLOW_FORMAT, $appPassword) === 1;
	}

	/**
	 * An app password works only with the login name it was created under (the uid, an e-mail address, an LDAP
	 * name), and Nextcloud must name $userId as its owner.
	 *
	 * @throws AppPasswordException 400 when malformed, 401 when Nextcloud refuses it or names another user,
	 *                              502 when it cannot be checked
	 */
	public function assertValid(string $userId, string $loginName, string $appPassword): void {
		if (preg_match(self::LOGIN_NAME_FORMAT, $loginName) !== 1) {
			throw new AppPasswordException($this->l->t('This login name cannot be right: it is empty, too long, or contains a colon.'), Http::STATUS_BAD_REQUEST);
		}
		if (!$this->isWellFormed($appPassword)) {
			throw new AppPasswordException($this->l->t('This does not look like an app password. Copy it from Settings → Security → Devices & sessions.'), Http::STATUS_BAD_REQUEST);
		}
		$this->assertAcceptedByNextcloud($userId, $loginName, $appPassword);
	}

	/** @throws AppPasswordException */
	private function assertAcceptedByNextcloud(string $userId, string $loginName, string $appPassword): void {
		try {
			$response = $this->clientService->newClient()->get($this->buildOcsUserUrl(), [
				'headers' => [
					'Authorization' => 'Basic ' . base64_encode($loginName . ':' . $appPassword),
					'OCS-APIRequest' => 'true',
					'Accept' => 'application/json',
				],
				'timeout' => self::TIMEOUT_SECONDS,
				'http_errors' => false,
				'nextcloud' => ['allow_local_address' => true],
			]);
		} catch (\Throwable $e) {
			$this->logger->warning('Nextcloud could not be reached to check an app password', ['exception' => $e]);
			throw $this->buildUncheckable();
		}
		$status = $response->getStatusCode();
		if ($status === Http::STATUS_UNAUTHORIZED) {
			throw new AppPasswordException($this->l->t('Nextcloud did not accept this app password with the login name "%s". Use the name Nextcloud showed as "Username" next to the app password.', [$loginName]), Http::STATUS_UNAUTHORIZED);
		}
		if ($status !== Http::STATUS_OK) {
			$this->logger->warning('Nextcloud answered an app password check with an unexpected status', ['status' => $status]);
			throw $this->buildUncheckable();
		}
		$body = json_decode((string)$response->getBody(), true);
		if (($body['ocs']['data']['id'] ?? null) !== $userId) {
			throw new AppPasswordException($this->l->t('This app password belongs to another account.'), Http::STATUS_UNAUTHORIZED);
		}
	}

	private function buildOcsUserUrl(): string {
		$base = $this->config->getSystemValueString('overwrite.cli.url', '');
		if ($base === '') {
			$base = $this->urlGenerator->getBaseUrl();
		}
		return rtrim($base, '/') . '/ocs/v2.php/cloud/user?format=json';
	}

	private function buildUncheckable(): AppPasswordException {
		return new AppPasswordException($this->l->t('Nextcloud could not check this app password right now. Please try again later.'), Http::STATUS_BAD_GATEWAY);
	}
}

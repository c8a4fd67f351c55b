<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Builds the companion's real services, controllers, settings and middleware from the given platform parts.
namespace OCA\McpCompanion\Tests\Support;

use OCA\McpCompanion\Controller\AdminSettingsController;
use OCA\McpCompanion\Controller\CredentialsController;
use OCA\McpCompanion\Controller\PageController;
use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Service\AppPasswordValidator;
use OCA\McpCompanion\Service\CredentialService;
use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Service\SidecarClient;
use OCA\McpCompanion\Settings\Admin;
use OCA\McpCompanion\Settings\Personal;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Services\IInitialState;
use OCP\Http\Client\IClientService;
use OCP\IConfig;
use OCP\IL10N;
use OCP\IRequest;
use OCP\IURLGenerator;
use OCP\Security\ICrypto;
use Psr\Log\LoggerInterface;

class CompanionWiring {
	public function __construct(
		public IConfig $config,
		public ICrypto $crypto,
		public IClientService $clientService,
		public IURLGenerator $urlGenerator,
		public IL10N $l,
		public LoggerInterface $logger,
	) {
	}

	public function settings(): SettingsService {
		return new SettingsService($this->config, $this->l);
	}

	public function sidecar(): SidecarClient {
		return new SidecarClient($this->clientService, $this->settings(), $this->l, $this->logger);
	}

	public function validator(): AppPasswordValidator {
		return new AppPasswordValidator($this->clientService, $this->config, $this->urlGenerator, $this->l, $this->logger);
	}

	public function credentials(): CredentialService {
		return new CredentialService($this->config, $this->crypto, $this->sidecar(), $this->l, $this->logger);
	}

	public function middleware(IRequest $request): ErrorMiddleware {
		return new ErrorMiddleware($request, $this->l, $this->logger);
	}

	public function listener(): AdminSectionListener {
		return new AdminSectionListener($this->settings(), $this->logger);
	}

	public function personalSettings(IInitialState $initialState, ?string $userId): Personal {
		return new Personal($initialState, $this->urlGenerator, $this->settings(), $userId);
	}

	public function adminSettings(IInitialState $initialState): Admin {
		return new Admin($initialState, $this->urlGenerator, $this->settings());
	}

	/** @param class-string<Controller> $class */
	public function controller(string $class, IRequest $request, ?string $userId): Controller {
		return match ($class) {
			CredentialsController::class => new CredentialsController($request, $this->validator(), $this->credentials(), $userId),
			AdminSettingsController::class => new AdminSettingsController($request, $this->settings(), $this->sidecar()),
			PageController::class => new PageController($request, $this->settings(), $this->l),
		};
	}
}

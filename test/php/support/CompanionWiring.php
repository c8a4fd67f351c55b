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
use OCA\McpCompanion\Controller\KnowledgeController;
use OCA\McpCompanion\Controller\OAuthController;
use OCA\McpCompanion\Controller\PageController;
use OCA\McpCompanion\Listener\AdminSectionListener;
use OCA\McpCompanion\Listener\DavShareListener;
use OCA\McpCompanion\Listener\DeckShareListener;
use OCA\McpCompanion\Listener\ShareEventListener;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCA\McpCompanion\Service\AppPasswordValidator;
use OCA\McpCompanion\Service\BaseUrlResolver;
use OCA\McpCompanion\Service\ConnectedClientsService;
use OCA\McpCompanion\Service\ConnectionTester;
use OCA\McpCompanion\Service\CredentialService;
use OCA\McpCompanion\Service\KnowledgeRequestValidator;
use OCA\McpCompanion\Service\KnowledgeService;
use OCA\McpCompanion\Service\LoginFlowService;
use OCA\McpCompanion\Service\McpSessionService;
use OCA\McpCompanion\Service\OAuthLoginService;
use OCA\McpCompanion\Service\OAuthRefreshLock;
use OCA\McpCompanion\Service\OAuthTokenService;
use OCA\McpCompanion\Service\ProviderDiscovery;
use OCA\McpCompanion\Service\RescanNotifier;
use OCA\McpCompanion\Service\ServerReachability;
use OCA\McpCompanion\Service\SettingsService;
use OCA\McpCompanion\Service\ShareAudience;
use OCA\McpCompanion\Service\SidecarClient;
use OCA\McpCompanion\Settings\Admin;
use OCA\McpCompanion\Settings\Personal;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Services\IInitialState;
use OCP\AppFramework\Utility\ITimeFactory;
use OCP\Http\Client\IClientService;
use OCP\IAppConfig;
use OCP\IConfig;
use OCP\IGroupManager;
use OCP\IL10N;
use OCP\IRequest;
use OCP\ISession;
use OCP\IURLGenerator;
use OCP\IUserManager;
use OCP\Lock\ILockingProvider;
use OCP\Security\ICrypto;
use Psr\Log\LoggerInterface;

class CompanionWiring {
	/** @param ILockingProvider $locking shared by every process that works on the same state (FileLockingProvider) */
	public function __construct(
		public IConfig $config,
		public IAppConfig $appConfig,
		public ICrypto $crypto,
		public IClientService $clientService,
		public IURLGenerator $urlGenerator,
		public IL10N $l,
		public LoggerInterface $logger,
		public ILockingProvider $locking,
		public ISession $session = new MemorySession(),
		public ITimeFactory $timeFactory = new AdjustableTimeFactory(),
		public IUserManager $userManager = new StaticUserManager(['alice', 'bob', 'admin']),
		public float $refreshLockWaitSeconds = OAuthRefreshLock::WAIT_SECONDS,
		public RecordingInitialState $initialState = new RecordingInitialState('mcp_companion'),
		public IGroupManager $groupManager = new StaticGroupManager(['admin']),
	) {
	}

	public function settings(): SettingsService {
		return new SettingsService($this->appConfig, $this->config, $this->l, $this->logger);
	}

	public function shareEventListener(): ShareEventListener {
		return new ShareEventListener($this->shareAudience(), $this->rescanNotifier());
	}

	public function davShareListener(): DavShareListener {
		return new DavShareListener($this->shareAudience(), $this->rescanNotifier());
	}

	public function deckShareListener(): DeckShareListener {
		return new DeckShareListener($this->shareAudience(), $this->rescanNotifier(), $this->logger);
	}

	public function shareAudience(): ShareAudience {
		return new ShareAudience($this->groupManager, $this->logger);
	}

	public function rescanNotifier(): RescanNotifier {
		return new RescanNotifier($this->sidecar(), $this->logger);
	}

	public function sidecar(): SidecarClient {
		return new SidecarClient($this->clientService, $this->settings(), $this->l, $this->logger);
	}

	public function validator(): AppPasswordValidator {
		return new AppPasswordValidator($this->clientService, $this->config, $this->urlGenerator, $this->l, $this->logger);
	}

	public function credentials(): CredentialService {
		return new CredentialService($this->config, $this->crypto, $this->sidecar(), $this->userManager, $this->l, $this->logger);
	}

	public function baseUrl(): BaseUrlResolver {
		return new BaseUrlResolver($this->config);
	}

	/** One discovery per request, like Nextcloud's container builds one service graph per request. */
	public function oauthTokens(?ProviderDiscovery $discovery = null): OAuthTokenService {
		$discovery ??= new ProviderDiscovery($this->sidecar(), $this->clientService, $this->l, $this->logger);
		$lock = new OAuthRefreshLock($this->locking, $this->refreshLockWaitSeconds);
		return new OAuthTokenService($this->config, $this->crypto, $this->clientService, $discovery, $this->settings(), $lock, $this->timeFactory, $this->l, $this->logger);
	}

	public function oauthLogin(): OAuthLoginService {
		$discovery = new ProviderDiscovery($this->sidecar(), $this->clientService, $this->l, $this->logger);
		return new OAuthLoginService($this->session, $this->settings(), $discovery, $this->oauthTokens($discovery), $this->baseUrl(), $this->timeFactory, $this->l, $this->logger);
	}

	public function mcpSession(?OAuthTokenService $tokens = null): McpSessionService {
		return new McpSessionService($tokens ?? $this->oauthTokens(), $this->sidecar(), $this->credentials(), $this->l);
	}

	public function knowledge(): KnowledgeService {
		$tokens = $this->oauthTokens();
		return new KnowledgeService($this->mcpSession($tokens), $this->sidecar(), $tokens);
	}

	public function searchProvider(): KnowledgeSearchProvider {
		return new KnowledgeSearchProvider($this->knowledge(), $this->urlGenerator, $this->l, $this->logger);
	}

	public function middleware(IRequest $request): ErrorMiddleware {
		return new ErrorMiddleware($request, $this->l, $this->logger);
	}

	public function listener(): AdminSectionListener {
		return new AdminSectionListener($this->settings(), $this->logger);
	}

	public function personalSettings(IInitialState $initialState, ?string $userId): Personal {
		return new Personal($initialState, $this->urlGenerator, $this->settings(), $this->l, $userId);
	}

	public function adminSettings(IInitialState $initialState): Admin {
		return new Admin($initialState, $this->urlGenerator, $this->settings());
	}

	private function oauthController(IRequest $request, ?string $userId): OAuthController {
		$tokens = $this->oauthTokens();
		$session = $this->mcpSession($tokens);
		$clients = new ConnectedClientsService($session, $this->sidecar(), $this->settings(), $this->l, $this->logger);
		return new OAuthController($request, $this->oauthLogin(), $tokens, $session, $clients, $this->urlGenerator, $userId);
	}

	private function credentialsController(IRequest $request, ?string $userId): CredentialsController {
		$loginFlow = new LoginFlowService($this->mcpSession(), $this->sidecar(), $this->credentials(), $this->l);
		$server = new ServerReachability($this->sidecar(), $this->settings());
		return new CredentialsController($request, $this->validator(), $this->credentials(), $loginFlow, $server, $userId);
	}

	/** @param class-string<Controller> $class */
	public function controller(string $class, IRequest $request, ?string $userId): Controller {
		return match ($class) {
			CredentialsController::class => $this->credentialsController($request, $userId),
			AdminSettingsController::class => new AdminSettingsController($request, $this->settings(), new ConnectionTester($this->sidecar(), $this->settings(), $this->l)),
			PageController::class => new PageController($request, $this->settings(), $this->l, $this->knowledge(), $this->initialState, $this->urlGenerator, $this->groupManager, $userId),
			KnowledgeController::class => new KnowledgeController($request, $this->knowledge(), new KnowledgeRequestValidator($this->l), $this->urlGenerator, $userId),
			OAuthController::class => $this->oauthController($request, $userId),
		};
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IRegistrationContext that records every registration an app's register() makes, in order.
namespace OCA\McpCompanion\Tests\Support;

use OCP\AppFramework\Bootstrap\IRegistrationContext;

class RecordingRegistrationContext implements IRegistrationContext {
	/** @var list<array{0: string, 1: list<mixed>}> method name and arguments of each call */
	public array $calls = [];

	/** @return list<list<mixed>> the arguments of every call to $method */
	public function callsTo(string $method): array {
		return array_values(array_map(fn (array $call) => $call[1], array_filter($this->calls, fn (array $call) => $call[0] === $method)));
	}

	public function registerAlternativeLogin(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerCalendarProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerCalendarResourceBackend(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerCalendarRoomBackend(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerCapability(string $capability): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerConfigLexicon(string $configLexiconClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerCrashReporter(string $reporterClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerDashboardWidget(string $widgetClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerDeclarativeSettings(string $declarativeSettingsClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerEventListener(string $event, string $listener, int $priority = 0): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerFileConversionProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerInitialStateProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerMailProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerMiddleware(string $class, bool $global = false): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerNotifierService(string $notifierClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerParameter(string $name, $value): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerPreviewProvider(string $previewProviderClass, string $mimeTypeRegex): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerProfileLinkAction(string $actionClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerPublicShareTemplateProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerReferenceProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerSearchProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerSensitiveMethods(string $class, array $methods): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerService(string $name, callable $factory, bool $shared = true): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerServiceAlias(string $alias, string $target): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerSetupCheck(string $setupCheckClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerSpeechToTextProvider(string $providerClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTalkBackend(string $backend): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTaskProcessingProvider(string $taskProcessingProviderClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTaskProcessingTaskType(string $taskProcessingTaskTypeClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTeamResourceProvider(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTemplateProvider(string $providerClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTextProcessingProvider(string $providerClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTextToImageProvider(string $providerClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTranslationProvider(string $providerClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerTwoFactorProvider(string $twoFactorProviderClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerUserMigrator(string $migratorClass): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}

	public function registerWellKnownHandler(string $class): void {
		$this->calls[] = [__FUNCTION__, func_get_args()];
	}
}

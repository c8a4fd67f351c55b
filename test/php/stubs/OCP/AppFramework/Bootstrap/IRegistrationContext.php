<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Bootstrap\IRegistrationContext, signatures only (checked by StubSignaturesTest).
namespace OCP\AppFramework\Bootstrap;

interface IRegistrationContext {
	public function registerAlternativeLogin(string $class): void;

	public function registerCalendarProvider(string $class): void;

	public function registerCalendarResourceBackend(string $class): void;

	public function registerCalendarRoomBackend(string $class): void;

	public function registerCapability(string $capability): void;

	public function registerConfigLexicon(string $configLexiconClass): void;

	public function registerCrashReporter(string $reporterClass): void;

	public function registerDashboardWidget(string $widgetClass): void;

	public function registerDeclarativeSettings(string $declarativeSettingsClass): void;

	public function registerEventListener(string $event, string $listener, int $priority = 0): void;

	public function registerFileConversionProvider(string $class): void;

	public function registerInitialStateProvider(string $class): void;

	public function registerMailProvider(string $class): void;

	public function registerMiddleware(string $class, bool $global = false): void;

	public function registerNotifierService(string $notifierClass): void;

	public function registerParameter(string $name, $value): void;

	public function registerPreviewProvider(string $previewProviderClass, string $mimeTypeRegex): void;

	public function registerProfileLinkAction(string $actionClass): void;

	public function registerPublicShareTemplateProvider(string $class): void;

	public function registerReferenceProvider(string $class): void;

	public function registerSearchProvider(string $class): void;

	public function registerSensitiveMethods(string $class, array $methods): void;

	public function registerService(string $name, callable $factory, bool $shared = true): void;

	public function registerServiceAlias(string $alias, string $target): void;

	public function registerSetupCheck(string $setupCheckClass): void;

	public function registerSpeechToTextProvider(string $providerClass): void;

	public function registerTalkBackend(string $backend): void;

	public function registerTaskProcessingProvider(string $taskProcessingProviderClass): void;

	public function registerTaskProcessingTaskType(string $taskProcessingTaskTypeClass): void;

	public function registerTeamResourceProvider(string $class): void;

	public function registerTemplateProvider(string $providerClass): void;

	public function registerTextProcessingProvider(string $providerClass): void;

	public function registerTextToImageProvider(string $providerClass): void;

	public function registerTranslationProvider(string $providerClass): void;

	public function registerTwoFactorProvider(string $twoFactorProviderClass): void;

	public function registerUserMigrator(string $migratorClass): void;

	public function registerWellKnownHandler(string $class): void;
}

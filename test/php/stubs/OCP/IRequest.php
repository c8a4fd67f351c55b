<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IRequest, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IRequest {
	public const USER_AGENT_CLIENT_ANDROID = '/^Mozilla\\/5\\.0 \\(Android\\) (?:ownCloud|Nextcloud)\\-android\\/([^ ]*).*$/';

	public const USER_AGENT_TALK_ANDROID = '/^Mozilla\\/5\\.0 \\(Android\\) Nextcloud\\-Talk v([^ ]*).*$/';

	public const USER_AGENT_CLIENT_DESKTOP = '/^Mozilla\\/5\\.0 \\([A-Za-z ]+\\) (?:mirall|csyncoC)\\/([^ ]*).*$/';

	public const USER_AGENT_TALK_DESKTOP = '/^Mozilla\\/5\\.0 \\((?!Android|iOS)[A-Za-z ]+\\) Nextcloud\\-Talk v([^ ]*).*$/';

	public const USER_AGENT_CLIENT_IOS = '/^Mozilla\\/5\\.0 \\(iOS\\) (?:ownCloud|Nextcloud)\\-iOS\\/([^ ]*).*$/';

	public const USER_AGENT_TALK_IOS = '/^Mozilla\\/5\\.0 \\(iOS\\) Nextcloud\\-Talk v([^ ]*).*$/';

	public const USER_AGENT_OUTLOOK_ADDON = '/^Mozilla\\/5\\.0 \\([A-Za-z ]+\\) Nextcloud\\-Outlook v([^ ]*).*$/';

	public const USER_AGENT_THUNDERBIRD_ADDON = '/^Filelink for \\*cloud\\/([1-9]\\d*\\.\\d+\\.\\d+)$/';

	public const JSON_CONTENT_TYPE_REGEX = '/^application\\/(?:[a-z0-9.-]+\\+)?json\\b/';

	public function getCookie(string $key);

	public function getEnv(string $key);

	public function getFormat(): ?string;

	public function getHeader(string $name): string;

	public function getHttpProtocol(): string;

	public function getId(): string;

	public function getInsecureServerHost(): string;

	public function getMethod(): string;

	public function getParam(string $key, $default = null);

	public function getParams(): array;

	public function getPathInfo();

	public function getRawPathInfo(): string;

	public function getRemoteAddress(): string;

	public function getRequestUri(): string;

	public function getScriptName(): string;

	public function getServerHost(): string;

	public function getServerProtocol(): string;

	public function getUploadedFile(string $key);

	public function isUserAgent(array $agent): bool;

	public function passesCSRFCheck(): bool;

	public function passesLaxCookieCheck(): bool;

	public function passesStrictCookieCheck(): bool;

	public function throwDecodingExceptionIfAny(): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IAppConfig, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IAppConfig {
	public const VALUE_SENSITIVE = 1;
	public const VALUE_MIXED = 2;
	public const VALUE_STRING = 4;
	public const VALUE_INT = 8;
	public const VALUE_FLOAT = 16;
	public const VALUE_BOOL = 32;
	public const VALUE_ARRAY = 64;
	public const FLAG_SENSITIVE = 1;

	public function clearCache(bool $reload = false): void;

	public function convertTypeToInt(string $type): int;

	public function convertTypeToString(int $type): string;

	public function deleteApp(string $app): void;

	public function deleteKey(string $app, string $key): void;

	public function getAllValues(string $app, string $prefix = '', bool $filtered = false): array;

	public function getAppInstalledVersions(bool $onlyEnabled = false): array;

	public function getApps(): array;

	public function getDetails(string $app, string $key): array;

	public function getFilteredValues($app);

	public function getKeyDetails(string $app, string $key): array;

	public function getKeys(string $app): array;

	public function getValueArray(string $app, string $key, array $default = [], bool $lazy = false): array;

	public function getValueBool(string $app, string $key, bool $default = false, bool $lazy = false): bool;

	public function getValueFloat(string $app, string $key, float $default = 0.0, bool $lazy = false): float;

	public function getValueInt(string $app, string $key, int $default = 0, bool $lazy = false): int;

	public function getValues($app, $key);

	public function getValueString(string $app, string $key, string $default = '', bool $lazy = false): string;

	public function getValueType(string $app, string $key, ?bool $lazy = null): int;

	public function hasKey(string $app, string $key, ?bool $lazy = false): bool;

	public function isLazy(string $app, string $key): bool;

	public function isSensitive(string $app, string $key, ?bool $lazy = false): bool;

	public function searchKeys(string $app, string $prefix = '', bool $lazy = false): array;

	public function searchValues(string $key, bool $lazy = false, ?int $typedAs = null): array;

	public function setValueArray(string $app, string $key, array $value, bool $lazy = false, bool $sensitive = false): bool;

	public function setValueBool(string $app, string $key, bool $value, bool $lazy = false): bool;

	public function setValueFloat(string $app, string $key, float $value, bool $lazy = false, bool $sensitive = false): bool;

	public function setValueInt(string $app, string $key, int $value, bool $lazy = false, bool $sensitive = false): bool;

	public function setValueString(string $app, string $key, string $value, bool $lazy = false, bool $sensitive = false): bool;

	public function updateLazy(string $app, string $key, bool $lazy): bool;

	public function updateSensitive(string $app, string $key, bool $sensitive): bool;
}

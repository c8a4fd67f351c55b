<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Util; only the script and style registry works, as in Nextcloud.
namespace OCP;

class Util {
	protected static $needUpgradeCache;
	/** @var array<string, list<string>> "{app}/js/{file}" per app, as Nextcloud keeps them */
	private static array $scripts = [];
	/** @var list<array{app: string, file: ?string}> */
	private static array $styles = [];

	public static function addHeader($tag, $attributes, $text = null) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function addInitScript(string $application, string $file): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function addScript(string $application, ?string $file = null, string $afterAppId = 'core', bool $prepend = false): void {
		$path = $application !== '' ? "$application/js/$file" : "js/$file";
		if ($prepend) {
			array_unshift(self::$scripts[$application], $path);
		} else {
			self::$scripts[$application][] = $path;
		}
	}

	public static function addStyle(string $application, ?string $file = null, bool $prepend = false): void {
		self::$styles[] = ['app' => $application, 'file' => $file];
	}

	public static function addTranslations($application, $languageCode = null, $init = false) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function callRegister() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function computerFileSize(string $str): int|float|false {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function connectHook($signalClass, $signalName, $slotClass, $slotName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function emitHook($signalclass, $signalname, $params = []) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function encodePath($component) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function freeSpace(string $dir): int|float {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function getChannel() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function getDefaultEmailAddress(string $user_part): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function getL10N(string $application, ?string $language = null): IL10N {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	/** The scripts added so far, flattened (Nextcloud also sorts them by dependency and adds translations). */
	public static function getScripts(): array {
		return array_values(array_unique(array_merge([], ...array_values(self::$scripts))));
	}

	public static function getServerHostName() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function getVersion() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function hasExtendedSupport(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function humanFileSize(int|float $bytes): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function isDefaultExpireDateEnforced() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function isFunctionEnabled(string $functionName): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function isPublicLinkPasswordRequired(bool $checkGroupMembership = true) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function isSharingDisabledForUser() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function linkToAbsolute($app, $file, $args = []) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function linkToRemote($service) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function maxUploadFilesize(string $dir, int|float|null $free = null): int|float {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function mb_array_change_key_case($input, $case = MB_CASE_LOWER, $encoding = 'UTF-8') {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function naturalSortCompare($a, $b) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function needUpgrade() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function numericToNumber(string|int|float $number): int|float {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function recursiveArraySearch($haystack, $needle, $index = null) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function sanitizeHTML($value) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function setChannel($channel) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function shortenMultibyteString(string $subject, int $dataLength, int $accuracy = 5): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public static function uploadLimit(): int|float {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}
}

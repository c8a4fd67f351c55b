<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Prints the owner token the companion holds for a user in a PHP harness's state (its OAuthTokenService, refreshing
// first when the token is about to expire), so a test can call the sidecar with it.
// Usage: php owner-token.php <harness state dir> <user id> [seconds the companion's clock is ahead]

use OCA\McpCompanion\Tests\Support\AdjustableTimeFactory;
use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\FileBackedAppConfig;
use OCA\McpCompanion\Tests\Support\FileBackedConfig;
use OCA\McpCompanion\Tests\Support\FileLockingProvider;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\MemorySession;
use OCA\McpCompanion\Tests\Support\SodiumCrypto;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\StaticUrlGenerator;
use OCA\McpCompanion\Tests\Support\StreamClientService;

require dirname(__DIR__, 3) . '/vendor/autoload.php';

[, $stateDir, $userId, $secondsAhead] = $argv + [null, '', '', '0'];
$clock = new AdjustableTimeFactory();
$clock->advance((int)$secondsAhead);
$crypto = SodiumCrypto::fromKeyFile($stateDir . '/crypto.key');
$wiring = new CompanionWiring(
	new FileBackedConfig($stateDir . '/config.json'),
	new FileBackedAppConfig($stateDir . '/appconfig.json', $crypto),
	$crypto,
	new StreamClientService(),
	new StaticUrlGenerator('http://127.0.0.1'),
	new StaticL10N(),
	new MemoryLogger(),
	new FileLockingProvider($stateDir),
	new MemorySession(),
	$clock,
);
echo $wiring->oauthTokens()->getAccessToken($userId);

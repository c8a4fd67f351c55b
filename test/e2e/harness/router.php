<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Router for `php -S 127.0.0.1:<port> test/e2e/harness/router.php`: stands in for Nextcloud's page shell (page-shell.php:
// Nextcloud 32's layout and theming; the cookies harness_theme and harness_language choose theme and language) and
// dispatches /index.php/apps/mcp_companion/… to the companion's real controllers, with file-backed state; core's
// unified-search route (/ocs/v2.php/search/…, unified-search.php) runs the companion's search-bar provider;
// POST /harness/share-event (share-events.php) dispatches a share event to the companion's share listener.
//
// Environment: HARNESS_REPO (repository root), HARNESS_STATE_DIR (writable; config.json (config.php),
// appconfig.json (the app config), crypto.key, the lock-* files of the locking provider and the session-*.json files
// of the harness_session cookie live here), HARNESS_USER (signed-in user id), HARNESS_SIDECAR_URL (seeds the server
// URL on first start), HARNESS_NEXTCLOUD_URL (serves /ocs/v2.php/cloud/user; the companion's calls to
// {overwrite.cli.url}/ocs/ go there), optional HARNESS_API_KEY (seeds the API key),
// HARNESS_OVERWRITE_CLI_URL (seeds overwrite.cli.url, the base of the OAuth redirect URI; default: this harness),
// HARNESS_OAUTH_CLIENT_ID / HARNESS_OAUTH_CLIENT_SECRET (seed the OAuth client id and secret),
// HARNESS_SYSTEM_VALUES (a JSON object of more config.php values to seed, e.g. config_is_read_only),
// HARNESS_ADMINS (comma-separated admin ids; default HARNESS_USER), HARNESS_REQUEST_TOKEN (default fixed).

use OCA\McpCompanion\Tests\Support\AdjustableTimeFactory;
use OCA\McpCompanion\Tests\Support\AppDispatcher;
use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\FileBackedAppConfig;
use OCA\McpCompanion\Tests\Support\FileBackedConfig;
use OCA\McpCompanion\Tests\Support\FileBackedSession;
use OCA\McpCompanion\Tests\Support\FileLockingProvider;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\RecordingInitialState;
use OCA\McpCompanion\Tests\Support\RedirectingClientService;
use OCA\McpCompanion\Tests\Support\SimpleRequest;
use OCA\McpCompanion\Tests\Support\SodiumCrypto;
use OCA\McpCompanion\Tests\Support\StaticGroupManager;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\StaticUrlGenerator;
use OCA\McpCompanion\Tests\Support\StreamClientService;
use OCA\McpCompanion\Tests\Support\TemplateRenderer;
use OCP\AppFramework\Http\JSONResponse;
use OCP\AppFramework\Http\Response;
use OCP\AppFramework\Http\TemplateResponse;

$repo = rtrim((string)(getenv('HARNESS_REPO') ?: dirname(__DIR__, 3)), '/');
$stateDir = rtrim((string)getenv('HARNESS_STATE_DIR'), '/');
$userId = (string)(getenv('HARNESS_USER') ?: 'alice');
$admins = array_filter(explode(',', (string)(getenv('HARNESS_ADMINS') ?: $userId)));
$requestToken = (string)(getenv('HARNESS_REQUEST_TOKEN') ?: 'harness-request-token');
require $repo . '/vendor/autoload.php';

if ($stateDir === '' || !is_dir($stateDir)) {
	http_response_code(500);
	echo 'HARNESS_STATE_DIR must name an existing directory';
	return true;
}

$path = (string)parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];

// The address the browser uses for this harness (Nextcloud's getAbsoluteURL follows the request's host too).
$ownUrl = 'http://' . ($_SERVER['HTTP_HOST'] ?? ($_SERVER['SERVER_NAME'] . ':' . $_SERVER['SERVER_PORT']));
$isFirstStart = !is_file($stateDir . '/config.json');
$config = new FileBackedConfig($stateDir . '/config.json');
if ($isFirstStart) {
	$config->setSystemValue('overwrite.cli.url', (string)(getenv('HARNESS_OVERWRITE_CLI_URL') ?: 'http://' . $_SERVER['SERVER_NAME'] . ':' . $_SERVER['SERVER_PORT']));
	// config_is_read_only last: it refuses every later change of config.php
	$systemValues = json_decode((string)(getenv('HARNESS_SYSTEM_VALUES') ?: '{}'), true) ?: [];
	uksort($systemValues, fn (string $a, string $b) => ($a === 'config_is_read_only') <=> ($b === 'config_is_read_only'));
	foreach ($systemValues as $key => $value) {
		$config->setSystemValue($key, $value);
	}
}
$crypto = SodiumCrypto::fromKeyFile($stateDir . '/crypto.key');
require_once __DIR__ . '/page-shell.php';
$look = harnessLook($_COOKIE);
$l = new StaticL10N(harnessTranslations($repo, $look['language']), $look['language']);
$logger = new MemoryLogger();
$nextcloudUrl = rtrim((string)getenv('HARNESS_NEXTCLOUD_URL'), '/');
$cliUrl = rtrim($config->getSystemValueString('overwrite.cli.url'), '/');
$wiring = new CompanionWiring(
	$config,
	new FileBackedAppConfig($stateDir . '/appconfig.json', $crypto),
	$crypto,
	new RedirectingClientService(new StreamClientService(), [$cliUrl . '/ocs/' => $nextcloudUrl . '/ocs/', $ownUrl . '/ocs/' => $nextcloudUrl . '/ocs/']),
	new StaticUrlGenerator($ownUrl),
	$l,
	$logger,
	new FileLockingProvider($stateDir),
	FileBackedSession::fromCookie($stateDir),
	new AdjustableTimeFactory(),
);
if ($isFirstStart) {
	$seed = static fn (string $variable): ?string => (string)getenv($variable) === '' ? null : (string)getenv($variable);
	$wiring->settings()->save($seed('HARNESS_SIDECAR_URL'), $seed('HARNESS_API_KEY'), $seed('HARNESS_OAUTH_CLIENT_ID'), $seed('HARNESS_OAUTH_CLIENT_SECRET'));
}
$groupManager = new StaticGroupManager(array_values($admins));

// The bundle each page template's controller adds with Util::addScript.
$pageBundles = ['search' => 'mcp_companion-search', 'error' => 'mcp_companion-error'];

$send = static function (Response $response, string $body): void {
	http_response_code($response->getStatus());
	foreach ($response->getHeaders() as $name => $value) {
		header($name . ': ' . $value);
	}
	echo $body;
};

$renderShell = static function (string $kind, string $title, RecordingInitialState $state, string $content, ?string $bundle) use ($userId, $groupManager, $requestToken, $look, $repo): string {
	return harnessPageShell([
		'kind' => $kind,
		'title' => $title,
		'stateInputs' => $state->renderInputs(),
		'content' => $content,
		'bundle' => $bundle,
		'userId' => $userId,
		'isAdmin' => $groupManager->isAdmin($userId),
		'requestToken' => $requestToken,
		'theme' => $look['theme'],
		'language' => $look['language'],
		'repo' => $repo,
	]);
};

$serveSettingsPage = static function (string $kind) use ($wiring, $userId, $groupManager, $renderShell, $repo, $l, $send): void {
	if ($kind === 'admin' && !$groupManager->isAdmin($userId)) {
		$send(new Response(403), 'Access forbidden');
		return;
	}
	$state = new RecordingInitialState('mcp_companion');
	$form = $kind === 'admin' ? $wiring->adminSettings($state)->getForm() : $wiring->personalSettings($state, $userId)->getForm();
	$content = (new TemplateRenderer($repo, $l))->render($form);
	$response = new Response(200, ['Content-Type' => 'text/html; charset=utf-8']);
	$send($response, $renderShell($kind === 'admin' ? 'admin-settings' : 'settings', 'MCP Companion', $state, $content, 'mcp_companion-' . $kind));
};

$serveAsset = static function (string $relative) use ($repo, $send): void {
	$types = ['mjs' => 'text/javascript', 'js' => 'text/javascript', 'css' => 'text/css', 'map' => 'application/json', 'svg' => 'image/svg+xml', 'json' => 'application/json', 'wasm' => 'application/wasm', 'woff2' => 'font/woff2', 'png' => 'image/png'];
	$file = realpath($repo . '/' . $relative);
	$inFolder = static fn (string $folder): bool => $file !== false && str_starts_with($file, realpath($repo) . '/' . $folder . '/');
	$allowed = $file !== false && is_file($file) && ($inFolder('js') || $inFolder('img') || $inFolder('l10n'));
	if (!$allowed) {
		$send(new Response(404), 'Not found');
		return;
	}
	$type = $types[strtolower(pathinfo($file, PATHINFO_EXTENSION))] ?? 'application/octet-stream';
	$send(new Response(200, ['Content-Type' => $type, 'Cache-Control' => 'no-store']), (string)file_get_contents($file));
};

try {
	if ($method === 'GET' && in_array($path, ['/index.php/settings/user/mcp_companion', '/index.php/settings/admin/mcp_companion'], true)) {
		$serveSettingsPage(str_contains($path, '/admin/') ? 'admin' : 'personal');
	} elseif ($method === 'GET' && preg_match('#^/(?:index\.php/)?apps/mcp_companion/((?:js|img|l10n)/.+)$#', $path, $match) === 1) {
		$serveAsset($match[1]);
	} elseif ($method === 'GET' && in_array($path, ['/harness/theme.css', '/harness/core-layout.css'], true)) {
		$send(new Response(200, ['Content-Type' => 'text/css']), (string)file_get_contents(__DIR__ . '/' . basename($path)));
	} elseif ($method === 'GET' && $path === '/index.php/csrftoken') {
		$response = new JSONResponse(['token' => $requestToken]);
		$send($response, $response->render());
	} elseif ($method === 'GET' && str_starts_with($path, '/ocs/v2.php/search/')) {
		// Nextcloud's search bar: core's unified-search route with the companion's provider (unified-search.php).
		require_once __DIR__ . '/unified-search.php';
		$response = harnessUnifiedSearch($path, $_GET, array_change_key_case(getallheaders()), $wiring, $userId) ?? new JSONResponse(['message' => 'Not found'], 404);
		$send($response, $response->render());
	} elseif ($method === 'POST' && $path === '/harness/share-event') {
		// Stands in for Nextcloud's share manager and event dispatcher (share-events.php).
		require_once __DIR__ . '/share-events.php';
		$response = harnessShareEvent((string)file_get_contents('php://input'), $wiring);
		$send($response, $response->render());
	} elseif (str_starts_with($path, '/index.php/apps/mcp_companion/')) {
		$request = SimpleRequest::fromGlobals($requestToken);
		$dispatcher = AppDispatcher::fromRoutesFile($repo . '/appinfo/routes.php', $wiring, $groupManager);
		$response = $dispatcher->dispatch($request, substr($path, strlen('/index.php/apps/mcp_companion')), $userId);
		// A page's controller provides its initial state and adds its bundle (Util::addScript) as Nextcloud would.
		$bundle = $response instanceof TemplateResponse ? ($pageBundles[$response->getTemplateName()] ?? null) : null;
		$body = $response instanceof TemplateResponse
			? $renderShell('app', 'MCP Companion', $bundle !== null ? $wiring->initialState : new RecordingInitialState('mcp_companion'), (new TemplateRenderer($repo, $l))->render($response), $bundle)
			: $response->render();
		if ($response instanceof TemplateResponse) {
			$response->addHeader('Content-Type', 'text/html; charset=utf-8');
		}
		$send($response, $body);
	} else {
		$send(new Response(404, ['Content-Type' => 'text/plain']), 'Not found');
	}
} catch (\Throwable $e) {
	error_log('harness: ' . $e);
	$send(new Response(500, ['Content-Type' => 'application/json']), json_encode(['message' => 'Internal Server Error']));
}
foreach ($logger->records as $record) {
	error_log('harness ' . $record['level'] . ': ' . $record['message']);
}
return true;

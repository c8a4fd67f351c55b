<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The harness's page shell: the HTML around a companion page as Nextcloud 32's core/templates/layout.user.php renders
// it (body#body-user or body#body-settings, the header, main#content with the app's template inside; on settings
// pages the settings navigation and #app-content), its theming (theme.css) and core layout rules (core-layout.css),
// the app's translations and its scripts with a version query, as Util::addScript and Util::addTranslations emit them.
// A test chooses the theme and the language with the cookies harness_theme (light|dark) and harness_language (en|de).

/** The theme and language a test asked for with its cookies; anything unknown falls back to light and English. */
function harnessLook(array $cookies): array {
	$theme = ($cookies['harness_theme'] ?? '') === 'dark' ? 'dark' : 'light';
	$language = ($cookies['harness_language'] ?? '') === 'de' ? 'de' : 'en';
	return ['theme' => $theme, 'language' => $language];
}

/** The app's translations of `language` from l10n/<language>.json (English: none). @return array<string, string> */
function harnessTranslations(string $repo, string $language): array {
	$file = $repo . '/l10n/' . $language . '.json';
	if ($language === 'en' || !is_file($file)) {
		return [];
	}
	$decoded = json_decode((string)file_get_contents($file), true);
	return is_array($decoded) && is_array($decoded['translations'] ?? null) ? $decoded['translations'] : [];
}

/**
 * The `?v=` query Nextcloud appends to an app's scripts and translations (unverified: Nextcloud derives it from the
 * app's and the server's versions; the harness uses the app version from appinfo/info.xml and the built file's time,
 * source: issue 20, where the lazily loaded chunk imported the entry without this query).
 */
function harnessVersionQuery(string $repo, string $file): string {
	$info = (string)@file_get_contents($repo . '/appinfo/info.xml');
	$version = preg_match('#<version>([^<]+)</version>#', $info, $match) === 1 ? $match[1] : '0';
	$mtime = is_file($repo . '/' . $file) ? (string)filemtime($repo . '/' . $file) : '0';
	return '?v=' . substr(sha1($version . '-' . $mtime), 0, 8);
}

/**
 * @param array{kind: 'app'|'settings'|'admin-settings', title: string, stateInputs: string, content: string,
 *     bundle: ?string, userId: string, isAdmin: bool, requestToken: string, theme: string, language: string,
 *     repo: string} $page
 */
function harnessPageShell(array $page): string {
	$e = static fn (string $text): string => htmlspecialchars($text, ENT_QUOTES);
	$user = $e($page['userId']);
	$token = $e($page['requestToken']);
	$isAdmin = $page['isAdmin'] ? 'true' : 'false';
	$theme = $page['theme'];
	$language = $e($page['language']);
	$config = json_encode(['modRewriteWorking' => false, 'version' => '32.0.2']);
	$core = '<input type="hidden" id="initial-state-core-capabilities" value="' . base64_encode('{}') . '">'
		. '<input type="hidden" id="initial-state-core-apps" value="' . base64_encode('[]') . '">';
	$scripts = '';
	if ($page['language'] !== 'en' && is_file($page['repo'] . '/l10n/' . $page['language'] . '.js')) {
		$l10nFile = 'l10n/' . $page['language'] . '.js';
		$scripts .= '<script src="/apps/mcp_companion/' . $l10nFile . harnessVersionQuery($page['repo'], $l10nFile) . '"></script>';
	}
	if ($page['bundle'] !== null) {
		$jsFile = 'js/' . $page['bundle'] . '.mjs';
		$scripts .= '<script type="module" src="/apps/mcp_companion/' . $jsFile . harnessVersionQuery($page['repo'], $jsFile) . '"></script>';
	}
	$isSettings = $page['kind'] !== 'app';
	$bodyId = $isSettings ? 'body-settings' : 'body-user';
	$appId = $isSettings ? 'settings' : 'mcp_companion';
	$main = $isSettings
		? harnessSettingsNavigation($page['kind'], $page['language'], $page['isAdmin']) . '<div id="app-content" tabindex="-1" data-active-section-id="mcp_companion">' . $page['content'] . '</div>'
		: $page['content'];
	$title = $e($page['title']);
	return <<<HTML
	<!DOCTYPE html>
	<html lang="$language" data-locale="$language">
	<head data-requesttoken="$token" data-user="$user" data-user-displayname="$user">
		<meta charset="utf-8">
		<meta name="viewport" content="width=device-width, initial-scale=1.0, minimum-scale=1.0">
		<title>$title - Nextcloud</title>
		<link rel="stylesheet" href="/harness/theme.css">
		<link rel="stylesheet" href="/harness/core-layout.css">
		<script>
			window._oc_webroot = ''
			window._oc_appswebroots = { mcp_companion: '/apps/mcp_companion' }
			window._oc_isadmin = $isAdmin
			window._oc_l10n_registry_translations = {}
			window._oc_l10n_registry_plural_functions = {}
			window.OC = {
				config: $config,
				webroot: '',
				requestToken: '$token',
				currentUser: '$user',
				isUserAdmin: () => $isAdmin,
				getCurrentUser: () => ({ uid: '$user', displayName: '$user' }),
				L10N: {
					// core's OC.L10N.register: what an app's l10n/<language>.js calls
					register(app, translations) {
						window._oc_l10n_registry_translations[app] = { ...(window._oc_l10n_registry_translations[app] ?? {}), ...translations }
						window._oc_l10n_registry_plural_functions[app] = (n) => (n !== 1 ? 1 : 0)
					},
				},
			}
		</script>
	</head>
	<body id="$bodyId" data-themes="$theme" data-theme-$theme>
		$core
		{$page['stateInputs']}
		<div id="skip-actions"></div>
		<header id="header"><span>Nextcloud</span></header>
		<main id="content" class="app-$appId">
			<h1 class="hidden-visually" id="page-heading-level-1">$title</h1>
			$main
		</main>
		$scripts
	</body>
	</html>
	HTML;
}

/** The settings pages' navigation (apps/settings' frame template), with the companion's section active. */
function harnessSettingsNavigation(string $kind, string $language, bool $isAdmin): string {
	$german = $language === 'de';
	$caption = static fn (string $en, string $de): string => '<li class="app-navigation-caption">' . ($german ? $de : $en) . '</li>';
	$entry = static fn (string $en, string $de, string $href, bool $active = false): string => '<li><a href="' . $href . '"' . ($active ? ' class="active" aria-current="page"' : '') . '>' . ($german ? $de : $en) . '</a></li>';
	$items = $caption('Personal', 'Persönlich')
		. $entry('Personal info', 'Persönliche Informationen', '#')
		. $entry('Security', 'Sicherheit', '#')
		. $entry('MCP Companion', 'MCP Companion', '/index.php/settings/user/mcp_companion', $kind === 'settings');
	if ($isAdmin) {
		$items .= $caption('Administration', 'Verwaltung')
			. $entry('Overview', 'Übersicht', '#')
			. $entry('MCP Companion', 'MCP Companion', '/index.php/settings/admin/mcp_companion', $kind === 'admin-settings');
	}
	return '<div id="app-navigation" role="navigation"><ul>' . $items . '</ul></div>';
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// What Nextcloud's share manager does after it made or removed a share, for the harness: POST /harness/share-event
// with {"event": "created"|"deleted", "share": <the share as the OCS share API answered it>} dispatches the event to
// the companion's real ShareEventListener, as Nextcloud's event dispatcher would.

use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\StaticShare;
use OCP\AppFramework\Http\JSONResponse;
use OCP\Share\Events\ShareCreatedEvent;
use OCP\Share\Events\ShareDeletedEvent;

function harnessShareEvent(string $body, CompanionWiring $wiring): JSONResponse {
	$request = json_decode($body, true);
	$share = is_array($request) ? ($request['share'] ?? null) : null;
	$kind = is_array($request) ? ($request['event'] ?? null) : null;
	if (!is_array($share) || !in_array($kind, ['created', 'deleted'], true)) {
		return new JSONResponse(['message' => 'Send {"event": "created"|"deleted", "share": {…}}'], 400);
	}
	// The OCS share's fields (docs/nextcloud-behaviour.md, "Sharing"): uid_owner is the sharer, uid_file_owner the
	// owner of the shared item, share_with the recipient.
	$ocsShare = new StaticShare(
		(string)($share['id'] ?? ''),
		(int)($share['share_type'] ?? -1),
		isset($share['share_with']) ? (string)$share['share_with'] : null,
		(string)($share['uid_owner'] ?? ''),
		(string)($share['uid_file_owner'] ?? $share['uid_owner'] ?? ''),
		(string)($share['item_type'] ?? 'file'),
	);
	$event = $kind === 'created' ? new ShareCreatedEvent($ocsShare) : new ShareDeletedEvent($ocsShare);
	$started = microtime(true);
	$wiring->shareEventListener()->handle($event);
	return new JSONResponse(['handled_in_ms' => (int)round((microtime(true) - $started) * 1000)]);
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// When a file or folder is shared or unshared, tells the MCP server to rescan the files (and notes, which are files)
// of everyone the share reaches, so that it appears in or leaves their search within seconds.
namespace OCA\McpCompanion\Listener;

use OCA\McpCompanion\Service\RescanNotifier;
use OCA\McpCompanion\Service\ShareAudience;
use OCP\EventDispatcher\Event;
use OCP\EventDispatcher\IEventListener;
use OCP\Share\Events\ShareCreatedEvent;
use OCP\Share\Events\ShareDeletedEvent;

/**
 * Nextcloud 32 delivers no webhook for shares, so this listener is how the index learns of them. It runs inside the
 * sharer's request: it never throws, and the notice it sends has a 2-second time box.
 *
 * @template-implements IEventListener<Event>
 */
class ShareEventListener implements IEventListener {
	/** A shared note is a Markdown file in the Notes folder: the notes source reads it, the files source skips it. */
	public const DOC_TYPES = ['file', 'note'];

	public function __construct(
		private ShareAudience $audience,
		private RescanNotifier $notifier,
	) {
	}

	public function handle(Event $event): void {
		if ($event instanceof ShareCreatedEvent || $event instanceof ShareDeletedEvent) {
			$reason = $event instanceof ShareCreatedEvent ? 'share_created' : 'share_deleted';
			$this->notifier->notifyFromEvent(fn (): array => $this->audience->usersOf($event->getShare()), self::DOC_TYPES, $reason, 'a share change');
		}
	}
}

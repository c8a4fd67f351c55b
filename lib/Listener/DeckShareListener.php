<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// When a Deck board is shared with or unshared from a user or group, tells the MCP server to rescan that user's (or
// the group's members') Deck cards, so the board's cards enter or leave their search within seconds.
namespace OCA\McpCompanion\Listener;

use OCA\Deck\Db\Acl;
use OCA\Deck\Event\AclCreatedEvent;
use OCA\Deck\Event\AclDeletedEvent;
use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Service\RescanNotifier;
use OCA\McpCompanion\Service\ShareAudience;
use OCP\EventDispatcher\Event;
use OCP\EventDispatcher\IEventListener;
use Psr\Log\LoggerInterface;

/**
 * Deck's events (an app's classes, not OCP): Application registers this listener by name, so without Deck it is
 * never called. Only the participant's view of the board changes; its other members see nothing new.
 *
 * @template-implements IEventListener<Event>
 */
class DeckShareListener implements IEventListener {
	public function __construct(
		private ShareAudience $audience,
		private RescanNotifier $notifier,
		private LoggerInterface $logger,
	) {
	}

	public function handle(Event $event): void {
		if ($event instanceof AclCreatedEvent || $event instanceof AclDeletedEvent) {
			$reason = $event instanceof AclCreatedEvent ? 'deck_board_shared' : 'deck_board_unshared';
			$this->notifier->notifyFromEvent(fn (): array => $this->participantsOf($event->getAcl()), ['deck_card'], $reason, 'a Deck board share');
		}
	}

	/**
	 * A user share names the user, a group share the group's members; a team (circle) is not expanded, and the log
	 * says so (its members' next scheduled scans pick the change up).
	 *
	 * @return list<string>
	 */
	private function participantsOf(Acl $acl): array {
		$participant = (string)$acl->getParticipant();
		$type = (int)$acl->getType();
		if ($type === Acl::PERMISSION_TYPE_USER) {
			return [$participant];
		}
		if ($type === Acl::PERMISSION_TYPE_GROUP) {
			return $this->audience->groupMembers($participant);
		}
		$this->logger->info('MCP Companion: a Deck board share with a team is left to its members\' scheduled scans', ['app' => Application::APP_ID, 'participant_type' => $type]);
		return [];
	}
}

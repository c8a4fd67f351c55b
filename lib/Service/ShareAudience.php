<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Who sees a change when a share is made or removed: its owner, the sharer and the recipients, a group's members
// included up to a bound (the rest are left to their scheduled scans, and the log says how many).
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\AppInfo\Application;
use OCP\IGroupManager;
use OCP\Share\IShare;
use Psr\Log\LoggerInterface;

class ShareAudience {
	/** Members of one group named at most; beyond it the group's size could hold up the user's request. */
	public const MAX_GROUP_MEMBERS = 300;

	public function __construct(
		private IGroupManager $groups,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * The owner and the sharer always; a user share's recipient; a group share's members (at most MAX_GROUP_MEMBERS).
	 * Links, e-mail, federated, Talk, Deck and team shares reach no other user of this server by this event.
	 *
	 * @return list<string>
	 */
	public function usersOf(IShare $share): array {
		$users = [(string)$share->getShareOwner(), (string)$share->getSharedBy()];
		$recipient = (string)$share->getSharedWith();
		$type = (int)$share->getShareType();
		if ($type === IShare::TYPE_USER) {
			$users[] = $recipient;
		} elseif ($type === IShare::TYPE_GROUP) {
			$users = [...$users, ...$this->groupMembers($recipient)];
		}
		return array_values(array_unique(array_filter($users, static fn (string $id): bool => $id !== '')));
	}

	/**
	 * The group's members, at most MAX_GROUP_MEMBERS (a warning says when there are more).
	 *
	 * @return list<string>
	 */
	public function groupMembers(string $groupId): array {
		// unverified: displayNamesInGroup answers [user id => display name], at most $limit of them (source:
		// nextcloud/server lib/private/Group/Manager.php); the sheet lists only its signature.
		$members = array_map('strval', array_keys((array)$this->groups->displayNamesInGroup($groupId, '', self::MAX_GROUP_MEMBERS + 1)));
		if (count($members) > self::MAX_GROUP_MEMBERS) {
			$this->logger->warning('MCP Companion: a group share has more members than a rescan notice names; the others are left to their scheduled scans', [
				'app' => Application::APP_ID, 'members_named' => self::MAX_GROUP_MEMBERS,
			]);
			$members = array_slice($members, 0, self::MAX_GROUP_MEMBERS);
		}
		return $members;
	}
}

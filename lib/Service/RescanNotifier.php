<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Tells the MCP server which users' documents changed where no webhook reports it (shares, Deck cards), so their
// search follows within seconds; never fails the user's request, which is still running when the listeners call it.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\SidecarNotConfiguredException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use Psr\Log\LoggerInterface;

class RescanNotifier {
	/** The sidecar takes at most this many users in one notice. */
	public const MAX_USERS_PER_NOTICE = 100;

	public function __construct(
		private SidecarClient $sidecar,
		private LoggerInterface $logger,
	) {
	}

	/**
	 * Sends the notice in batches of MAX_USERS_PER_NOTICE users. Problems are logged, never thrown: the sidecar's
	 * scheduled scans (every few minutes) pick up whatever a lost notice would have brought forward.
	 *
	 * @param list<string> $userIds
	 * @param list<string> $docTypes
	 * @param string $reason a short word for the sidecar's log: share_created, deck_card_changed, …
	 */
	public function notify(array $userIds, array $docTypes, string $reason): void {
		$userIds = array_values(array_unique(array_filter($userIds, static fn (string $id): bool => $id !== '')));
		if ($userIds === [] || $docTypes === []) {
			return;
		}
		foreach (array_chunk($userIds, self::MAX_USERS_PER_NOTICE) as $batch) {
			try {
				$this->sidecar->sendRescanNotices($batch, $docTypes, $reason);
			} catch (SidecarNotConfiguredException) {
				return;
			} catch (SidecarRejectedException $e) {
				$this->logRefusal($e, count($batch), $reason);
			} catch (\Throwable $e) {
				// Unreachable or slow: the other batches would wait as long, so they are left to the scheduled scans.
				$this->logger->warning('MCP Companion: the MCP server was not told about changed shares; the users\' next scheduled scan picks them up', [
					'app' => Application::APP_ID, 'reason' => $reason, 'users_not_told' => count($userIds), 'exception' => $e,
				]);
				return;
			}
		}
	}

	/**
	 * For the event listeners: works out the users (which may fail: a share's node gone, a group backend down) and
	 * notifies them; whatever fails is logged as an error with `$what`, never thrown into the request that raised the
	 * event.
	 *
	 * @param callable(): list<string> $users
	 * @param list<string> $docTypes
	 */
	public function notifyFromEvent(callable $users, array $docTypes, string $reason, string $what): void {
		try {
			$this->notify($users(), $docTypes, $reason);
		} catch (\Throwable $e) {
			$this->logger->error("MCP Companion: $what could not be passed on to the MCP server", ['app' => Application::APP_ID, 'reason' => $reason, 'exception' => $e]);
		}
	}

	private function logRefusal(SidecarRejectedException $e, int $users, string $reason): void {
		$context = ['app' => Application::APP_ID, 'reason' => $reason, 'users' => $users, 'status' => $e->getSidecarStatus()];
		// 404: none of the users has background sync at the MCP server; 409: theirs is paused. The sidecar counts both.
		if (in_array($e->getSidecarStatus(), [404, 409], true)) {
			$this->logger->debug('MCP Companion: no user of a rescan notice is synced by the MCP server', $context);
			return;
		}
		$this->logger->warning('MCP Companion: the MCP server refused a rescan notice', $context);
	}
}

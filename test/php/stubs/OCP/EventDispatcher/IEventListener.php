<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\EventDispatcher\IEventListener.
namespace OCP\EventDispatcher;

/**
 * @template T of Event
 */
interface IEventListener {
	/**
	 * @param T $event
	 */
	public function handle(Event $event): void;
}

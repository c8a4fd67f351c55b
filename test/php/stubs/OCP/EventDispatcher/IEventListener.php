<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\EventDispatcher\IEventListener, signatures only (checked by StubSignaturesTest),
// with Nextcloud's template annotation for Psalm.
namespace OCP\EventDispatcher;

/**
 * @template T of Event
 */
interface IEventListener {
	/**
	 * @psalm-param T $event
	 */
	public function handle(Event $event): void;
}

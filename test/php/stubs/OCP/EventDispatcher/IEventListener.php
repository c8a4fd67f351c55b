<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\EventDispatcher\IEventListener, signatures only (checked by StubSignaturesTest).
namespace OCP\EventDispatcher;

interface IEventListener {
	public function handle(Event $event): void;
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Http\Client\IClientService, signatures only (checked by StubSignaturesTest).
namespace OCP\Http\Client;

interface IClientService {
	public function newClient(): IClient;
}

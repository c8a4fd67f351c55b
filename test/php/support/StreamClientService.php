<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// A real IClientService: HTTP through PHP streams, honouring the Guzzle options the companion passes.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Http\Client\IClient;
use OCP\Http\Client\IClientService;

class StreamClientService implements IClientService {
	public function newClient(): IClient {
		return new StreamClient();
	}
}

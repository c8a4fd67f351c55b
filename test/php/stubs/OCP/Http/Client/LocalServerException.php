<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Http\Client\LocalServerException, thrown for local addresses unless allowed.
namespace OCP\Http\Client;

class LocalServerException extends \RuntimeException {
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The companion's section in the administration settings navigation (info.xml registers each kind by its own class).
namespace OCA\McpCompanion\Settings;

final class AdminSection extends CompanionSection {
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */
// Mount point of the companion's admin settings page (Vue).
?>
<div id="mcp_companion-admin"></div>

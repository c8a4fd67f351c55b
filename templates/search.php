<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */
// Mount point of the knowledge search page (Vue bundle js/mcp_companion-search.js).
?>
<div id="mcp_companion-search"></div>

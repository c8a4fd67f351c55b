<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */
// The companion's error page; every value is escaped with p(). Strings arrive translated from PageController. The
// bundle mcp_companion-error replaces this markup with the same content in Nextcloud's app layout; this is what a
// browser without JavaScript shows.
/** @var array{title: string, details: string, show_server_url: bool, server_url: string, help: string, steps: list<string>} $_ */
/** @var \OCP\IL10N $l */
?>
<div id="mcp_companion-error">
	<h2><?php p($_['title']); ?></h2>
	<p><?php p($_['details']); ?></p>
	<?php if ($_['show_server_url']): ?>
		<p>
			<strong><?php p($l->t('MCP server address')); ?>:</strong>
			<code><?php p($_['server_url'] !== '' ? $_['server_url'] : $l->t('not configured')); ?></code>
		</p>
	<?php endif; ?>
	<p><?php p($_['help']); ?></p>
	<h3><?php p($l->t('Troubleshooting')); ?></h3>
	<ol>
		<?php foreach ($_['steps'] as $step): ?>
			<li><?php p($step); ?></li>
		<?php endforeach; ?>
	</ol>
</div>

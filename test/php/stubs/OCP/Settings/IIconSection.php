<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Settings\IIconSection.
namespace OCP\Settings;

interface IIconSection extends ISection {
	public function getIcon();
}

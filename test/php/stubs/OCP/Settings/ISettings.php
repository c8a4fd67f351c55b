<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\Settings\ISettings.
namespace OCP\Settings;

use OCP\AppFramework\Http\TemplateResponse;

interface ISettings {
	/**
	 * @return TemplateResponse
	 */
	public function getForm();

	/**
	 * @return string|null
	 */
	public function getSection();

	/**
	 * @return int
	 */
	public function getPriority();
}

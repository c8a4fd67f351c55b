<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Settings\IIconSection, signatures only (checked by StubSignaturesTest).
namespace OCP\Settings;

interface IIconSection {
	public function getIcon();

	public function getID();

	public function getName();

	public function getPriority();
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\HintException, e.g. what writing a read-only config.php throws.
namespace OCP;

class HintException extends \Exception {
	private $hint;

	public function __construct($message, $hint = '', $code = 0, ?\Exception $previous = null) {
		$this->hint = $hint;
		parent::__construct($message, $code, $previous);
	}

	public function __toString(): string {
		return self::class . ": [{$this->code}]: {$this->message} ({$this->hint})\n";
	}

	public function getHint(): string {
		return $this->hint === '' ? $this->message : $this->hint;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// IInitialState that keeps what a page provides, and renders it as Nextcloud's hidden inputs.
namespace OCA\McpCompanion\Tests\Support;

use OCP\AppFramework\Services\IInitialState;

class RecordingInitialState implements IInitialState {
	/** @var array<string, mixed> */
	public array $states = [];

	public function __construct(
		private string $appName,
	) {
	}

	public function provideInitialState(string $key, $data): void {
		$this->states[$key] = $data;
	}

	public function provideLazyInitialState(string $key, \Closure $closure): void {
		$this->states[$key] = $closure();
	}

	/** `<input type="hidden" id="initial-state-{app}-{key}" value="base64(json)">` for each state. */
	public function renderInputs(): string {
		$html = '';
		foreach ($this->states as $key => $data) {
			$id = 'initial-state-' . $this->appName . '-' . $key;
			$value = base64_encode(json_encode($data, JSON_THROW_ON_ERROR));
			$html .= '<input type="hidden" id="' . htmlspecialchars($id) . '" value="' . $value . '">' . "\n";
		}
		return $html;
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The platform double (test/platform/run-platform-double.ts: Nextcloud's HTTP APIs as docs/nextcloud-behaviour.md
// states them, the one the sidecar's tests use) as a node process, for the companion's calls to Nextcloud itself.
namespace OCA\McpCompanion\Tests\Support;

final class PlatformDouble {
	private function __construct(
		public readonly string $url,
		private NodeScript $script,
	) {
	}

	/**
	 * @param list<array<string, mixed>> $users DoubleUser: id, email, loginPassword, appPasswords (a string is
	 *                                          minted under the id, {password, loginName} under that login name)
	 */
	public static function start(string $repoRoot, array $users): self {
		$script = NodeScript::start($repoRoot, 'test/platform/run-platform-double.ts', ['users' => $users]);
		if (!is_string($script->started['url'] ?? null)) {
			$script->stop();
			throw new \RuntimeException('The platform double did not say where it listens');
		}
		return new self($script->started['url'], $script);
	}

	public function stop(): void {
		$this->script->stop();
	}
}

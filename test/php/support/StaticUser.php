<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// A Nextcloud user that only knows its id: what the unified-search provider reads.
namespace OCA\McpCompanion\Tests\Support;

use OCP\IUser;

class StaticUser implements IUser {
	public function __construct(
		private string $uid,
	) {
	}

	public function getUID() {
		return $this->uid;
	}

	public function getDisplayName() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setDisplayName($displayName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getLastLogin(): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getFirstLogin(): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function updateLastLoginTimestamp(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function delete() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setPassword($password, $recoveryPassword = null) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getPasswordHash(): ?string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setPasswordHash(string $passwordHash): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getHome() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getBackendClassName() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getBackend() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function canChangeAvatar() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function canChangePassword() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function canChangeDisplayName() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function canChangeEmail(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function isEnabled() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setEnabled(bool $enabled = true) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getEMailAddress() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSystemEMailAddress(): ?string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getPrimaryEMailAddress(): ?string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getAvatarImage($size) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getCloudId() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setEMailAddress($mailAddress) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setSystemEMailAddress(string $mailAddress): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setPrimaryEMailAddress(string $mailAddress): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getQuota() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setQuota($quota) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getManagerUids(): array {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setManagerUids(array $uids): void {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

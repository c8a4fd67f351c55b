<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\IUser, signatures only (checked by StubSignaturesTest).
namespace OCP;

interface IUser {
	public function getUID();

	public function getDisplayName();

	public function setDisplayName($displayName);

	public function getLastLogin(): int;

	public function getFirstLogin(): int;

	public function updateLastLoginTimestamp(): bool;

	public function delete();

	public function setPassword($password, $recoveryPassword = null);

	public function getPasswordHash(): ?string;

	public function setPasswordHash(string $passwordHash): bool;

	public function getHome();

	public function getBackendClassName();

	public function getBackend();

	public function canChangeAvatar();

	public function canChangePassword();

	public function canChangeDisplayName();

	public function canChangeEmail(): bool;

	public function isEnabled();

	public function setEnabled(bool $enabled = true);

	public function getEMailAddress();

	public function getSystemEMailAddress(): ?string;

	public function getPrimaryEMailAddress(): ?string;

	public function getAvatarImage($size);

	public function getCloudId();

	public function setEMailAddress($mailAddress);

	public function setSystemEMailAddress(string $mailAddress): void;

	public function setPrimaryEMailAddress(string $mailAddress): void;

	public function getQuota();

	public function setQuota($quota);

	public function getManagerUids(): array;

	public function setManagerUids(array $uids): void;
}

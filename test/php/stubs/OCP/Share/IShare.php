<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\Share\IShare, signatures only (checked by StubSignaturesTest).
// unverified: read from nextcloud/server lib/public/Share/IShare.php of a later version, members @since 33 and later
// left out (source: ocp-signatures-unverified.json, "@source").
namespace OCP\Share;

interface IShare {
	public const TYPE_USER = 0;
	public const TYPE_GROUP = 1;
	public const TYPE_USERGROUP = 2;
	public const TYPE_LINK = 3;
	public const TYPE_EMAIL = 4;
	public const TYPE_REMOTE = 6;
	public const TYPE_CIRCLE = 7;
	public const TYPE_GUEST = 8;
	public const TYPE_REMOTE_GROUP = 9;
	public const TYPE_ROOM = 10;
	public const TYPE_DECK = 12;
	public const TYPE_DECK_USER = 13;
	public const TYPE_SCIENCEMESH = 15;
	public const STATUS_PENDING = 0;
	public const STATUS_ACCEPTED = 1;
	public const STATUS_REJECTED = 2;

	public function setId(string $id): self;

	public function getId(): string;

	public function getFullId(): string;

	public function setProviderId(string $id): self;

	public function setNode(\OCP\Files\Node $node): self;

	public function getNode(): \OCP\Files\Node;

	public function setNodeId($fileId);

	public function getNodeId(): int;

	public function setNodeType($type);

	public function getNodeType();

	public function setShareType($shareType);

	public function getShareType();

	public function setSharedWith($sharedWith);

	public function getSharedWith();

	public function setSharedWithDisplayName($displayName);

	public function getSharedWithDisplayName();

	public function setSharedWithAvatar($src);

	public function getSharedWithAvatar();

	public function setPermissions($permissions);

	public function getPermissions();

	public function newAttributes(): IAttributes;

	public function setAttributes(?IAttributes $attributes);

	public function getAttributes(): ?IAttributes;

	public function setStatus(int $status): IShare;

	public function getStatus(): ?int;

	public function setNote($note);

	public function getNote();

	public function setExpirationDate(?\DateTime $expireDate);

	public function getExpirationDate();

	public function setNoExpirationDate(bool $noExpirationDate);

	public function getNoExpirationDate();

	public function isExpired();

	public function setLabel($label);

	public function getLabel();

	public function setSharedBy($sharedBy);

	public function getSharedBy();

	public function setShareOwner($shareOwner);

	public function getShareOwner();

	public function setPassword($password);

	public function getPassword();

	public function setPasswordExpirationTime(?\DateTimeInterface $passwordExpirationTime = null): IShare;

	public function getPasswordExpirationTime(): ?\DateTimeInterface;

	public function setSendPasswordByTalk(bool $sendPasswordByTalk);

	public function getSendPasswordByTalk(): bool;

	public function setToken($token);

	public function getToken();

	public function setParent(int $parent): self;

	public function getParent(): ?int;

	public function setTarget($target);

	public function getTarget();

	public function setShareTime(\DateTime $shareTime);

	public function getShareTime();

	public function setMailSend($mailSend);

	public function getMailSend();

	public function setNodeCacheEntry(\OCP\Files\Cache\ICacheEntry $entry);

	public function getNodeCacheEntry();

	public function setHideDownload(bool $hide): IShare;

	public function getHideDownload(): bool;

	public function setReminderSent(bool $reminderSent): IShare;

	public function getReminderSent(): bool;

	public function canSeeContent(): bool;
}

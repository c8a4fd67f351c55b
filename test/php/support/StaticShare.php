<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// A share that knows who made it, who owns what it shares, its type and recipient: what the share listener reads.
namespace OCA\McpCompanion\Tests\Support;

use OCP\Share\IAttributes;
use OCP\Share\IShare;

class StaticShare implements IShare {
	public function __construct(
		private string $id,
		private int $shareType,
		private ?string $sharedWith,
		private string $sharedBy,
		private string $shareOwner,
		private string $nodeType = 'file',
	) {
	}

	public function setId(string $id): self {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getId(): string {
		return $this->id;
	}

	public function getFullId(): string {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setProviderId(string $id): self {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setNode(\OCP\Files\Node $node): self {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getNode(): \OCP\Files\Node {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setNodeId($fileId) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getNodeId(): int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setNodeType($type) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getNodeType() {
		return $this->nodeType;
	}

	public function setShareType($shareType) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getShareType() {
		return $this->shareType;
	}

	public function setSharedWith($sharedWith) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSharedWith() {
		return $this->sharedWith;
	}

	public function setSharedWithDisplayName($displayName) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSharedWithDisplayName() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setSharedWithAvatar($src) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSharedWithAvatar() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setPermissions($permissions) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getPermissions() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function newAttributes(): IAttributes {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setAttributes(?IAttributes $attributes) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getAttributes(): ?IAttributes {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setStatus(int $status): IShare {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getStatus(): ?int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setNote($note) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getNote() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setExpirationDate(?\DateTime $expireDate) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getExpirationDate() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setNoExpirationDate(bool $noExpirationDate) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getNoExpirationDate() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function isExpired() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setLabel($label) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getLabel() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setSharedBy($sharedBy) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSharedBy() {
		return $this->sharedBy;
	}

	public function setShareOwner($shareOwner) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getShareOwner() {
		return $this->shareOwner;
	}

	public function setPassword($password) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getPassword() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setPasswordExpirationTime(?\DateTimeInterface $passwordExpirationTime = null): IShare {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getPasswordExpirationTime(): ?\DateTimeInterface {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setSendPasswordByTalk(bool $sendPasswordByTalk) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getSendPasswordByTalk(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setToken($token) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getToken() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setParent(int $parent): self {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getParent(): ?int {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setTarget($target) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getTarget() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setShareTime(\DateTime $shareTime) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getShareTime() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setMailSend($mailSend) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getMailSend() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setNodeCacheEntry(\OCP\Files\Cache\ICacheEntry $entry) {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getNodeCacheEntry() {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setHideDownload(bool $hide): IShare {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getHideDownload(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function setReminderSent(bool $reminderSent): IShare {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function getReminderSent(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}

	public function canSeeContent(): bool {
		throw new \LogicException(__METHOD__ . ' is not part of the test double');
	}
}

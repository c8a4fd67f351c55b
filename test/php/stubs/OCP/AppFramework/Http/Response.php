<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud 32's OCP\AppFramework\Http\Response: its signatures, with simple working bodies.
namespace OCP\AppFramework\Http;

use DateTime;
use OCP\AppFramework\Http;

class Response {
	/** @var array<string, string> */
	private array $headers = [];
	/** @var array<string, array{value: string, expireDate: ?DateTime, sameSite: string}> */
	private array $cookies = [];
	private int $status;
	private ?string $ETag = null;
	private $lastModified = null;
	private bool $throttled = false;
	private array $throttleMetadata = [];

	public function __construct(int $status = Http::STATUS_OK, array $headers = []) {
		$this->status = $status;
		$this->headers = $headers;
	}

	public function cacheFor(int $cacheSeconds, bool $public = false, bool $immutable = false) {
		$this->addHeader('Cache-Control', $cacheSeconds > 0
			? ($public ? 'public' : 'private') . ', max-age=' . $cacheSeconds . ($immutable ? ', immutable' : '')
			: 'no-cache, no-store, must-revalidate');
		return $this;
	}

	public function addCookie($name, $value, ?DateTime $expireDate = null, $sameSite = 'Lax') {
		$this->cookies[$name] = ['value' => $value, 'expireDate' => $expireDate, 'sameSite' => $sameSite];
		return $this;
	}

	public function setCookies(array $cookies) {
		$this->cookies = $cookies;
		return $this;
	}

	public function invalidateCookie($name) {
		return $this->addCookie($name, 'expired', new DateTime('1971-01-01 00:00'));
	}

	public function invalidateCookies(array $cookieNames) {
		foreach ($cookieNames as $name) {
			$this->invalidateCookie($name);
		}
		return $this;
	}

	public function getCookies() {
		return $this->cookies;
	}

	public function addHeader($name, $value) {
		$this->headers[$name] = $value;
		return $this;
	}

	public function setHeaders(array $headers): static {
		$this->headers = $headers;
		return $this;
	}

	public function getHeaders() {
		return $this->headers;
	}

	public function render() {
		return '';
	}

	public function setStatus($status): static {
		$this->status = $status;
		return $this;
	}

	public function setContentSecurityPolicy(EmptyContentSecurityPolicy $csp) {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public function getContentSecurityPolicy() {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public function getFeaturePolicy(): EmptyFeaturePolicy {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public function setFeaturePolicy(EmptyFeaturePolicy $featurePolicy): self {
		throw new \LogicException(__METHOD__ . ' is not part of the test stub');
	}

	public function getStatus() {
		return $this->status;
	}

	public function getETag() {
		return $this->ETag;
	}

	public function getLastModified() {
		return $this->lastModified;
	}

	public function setETag($ETag) {
		$this->ETag = $ETag;
		return $this;
	}

	public function setLastModified($lastModified) {
		$this->lastModified = $lastModified;
		return $this;
	}

	public function throttle(array $metadata = []) {
		$this->throttled = true;
		$this->throttleMetadata = $metadata;
	}

	public function getThrottleMetadata() {
		return $this->throttleMetadata;
	}

	public function isThrottled() {
		return $this->throttled;
	}
}

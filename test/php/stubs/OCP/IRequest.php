<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: the part of Nextcloud's OCP\IRequest this app uses, with the real signatures.
namespace OCP;

interface IRequest {
	public function getHeader(string $name): string;

	public function getParam(string $key, $default = null);

	public function getParams(): array;

	public function getMethod(): string;

	public function passesCSRFCheck(): bool;

	public function getId(): string;

	public function getRemoteAddress(): string;

	public function getServerProtocol(): string;

	public function getServerHost(): string;
}

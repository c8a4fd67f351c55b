<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Test stub: Nextcloud's OCP\AppFramework\Http status constants used by this app.
namespace OCP\AppFramework;

class Http {
	public const STATUS_OK = 200;
	public const STATUS_NO_CONTENT = 204;
	public const STATUS_FOUND = 302;
	public const STATUS_SEE_OTHER = 303;
	public const STATUS_BAD_REQUEST = 400;
	public const STATUS_UNAUTHORIZED = 401;
	public const STATUS_FORBIDDEN = 403;
	public const STATUS_NOT_FOUND = 404;
	public const STATUS_METHOD_NOT_ALLOWED = 405;
	public const STATUS_PRECONDITION_FAILED = 412;
	public const STATUS_UNPROCESSABLE_ENTITY = 422;
	public const STATUS_TOO_MANY_REQUESTS = 429;
	public const STATUS_INTERNAL_SERVER_ERROR = 500;
	public const STATUS_BAD_GATEWAY = 502;
	public const STATUS_SERVICE_UNAVAILABLE = 503;
	public const STATUS_GATEWAY_TIMEOUT = 504;
}

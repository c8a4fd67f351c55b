<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Turns exceptions from the companion's controllers into error-response.json, the MCP server's error shape: a stable
// code, a safe message and the request id.
namespace OCA\McpCompanion\Middleware;

use OCA\McpCompanion\Exception\CompanionException;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http;
use OCP\AppFramework\Http\JSONResponse;
use OCP\AppFramework\Middleware;
use OCP\IL10N;
use OCP\IRequest;
use Psr\Log\LoggerInterface;

class ErrorMiddleware extends Middleware {
	public function __construct(
		private IRequest $request,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	public function afterException(Controller $controller, string $methodName, \Exception $exception): JSONResponse {
		$requestId = $this->request->getId();
		$action = $controller::class . '::' . $methodName;
		if ($exception instanceof CompanionException) {
			$this->logCompanionError($exception, $requestId, $action);
			// Companion exceptions carry messages written by us for users: no URLs, paths or secrets.
			return self::describe($exception->getErrorCode(), $exception->getMessage(), $requestId, $exception->getStatus());
		}
		$this->logger->error('A companion request failed', ['exception' => $exception, 'request_id' => $requestId, 'action' => $action]);
		return self::describe('internal_error', $this->l->t('Something went wrong. Please try again later.'), $requestId, Http::STATUS_INTERNAL_SERVER_ERROR);
	}

	/**
	 * An error answer (error-response.json): `extra` adds what a client needs to act on this error (a sign-in URL).
	 *
	 * @param array<string, string> $extra
	 */
	public static function describe(string $code, string $message, string $requestId, int $status, array $extra = []): JSONResponse {
		return new JSONResponse(['error' => $code, 'message' => $message, 'request_id' => $requestId] + $extra, $status);
	}

	/** A refusal of what the caller sent (4xx) is no fault here: info, without a stack trace. */
	private function logCompanionError(CompanionException $exception, string $requestId, string $action): void {
		$context = ['request_id' => $requestId, 'action' => $action, 'status' => $exception->getStatus()];
		if ($exception->getStatus() < Http::STATUS_INTERNAL_SERVER_ERROR) {
			$this->logger->info('A companion request was refused: ' . $exception->getMessage(), $context);
		} else {
			$this->logger->error('A companion request failed', ['exception' => $exception] + $context);
		}
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// ErrorMiddleware: the MCP server's error shape (code, safe message, request id) and status for companion errors, with
// the MCP server's codes (sidecar/openapi.json); nothing internal ever leaks.
namespace OCA\McpCompanion\Tests\Middleware;

use OCA\McpCompanion\Controller\PageController;
use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Exception\InvalidSettingsException;
use OCA\McpCompanion\Exception\SidecarRejectedException;
use OCA\McpCompanion\Exception\SidecarUnreachableException;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\Support\CompanionWiring;
use OCA\McpCompanion\Tests\Support\FileLockingProvider;
use OCA\McpCompanion\Tests\Support\InMemoryAppConfig;
use OCA\McpCompanion\Tests\Support\InMemoryConfig;
use OCA\McpCompanion\Tests\Support\MemoryLogger;
use OCA\McpCompanion\Tests\Support\SimpleRequest;
use OCA\McpCompanion\Tests\Support\SodiumCrypto;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\StaticUrlGenerator;
use OCA\McpCompanion\Tests\Support\StreamClientService;
use PHPUnit\Framework\TestCase;

class ErrorMiddlewareTest extends TestCase {
	private const SECRET_URL = 'http://admin:hunter2@10.0.0.5:8000/api/v1/users/alice/app-password';

	private MemoryLogger $logger;
	private ErrorMiddleware $middleware;
	private PageController $controller;

	protected function setUp(): void {
		$request = new SimpleRequest('GET', [], [], 'token', 'req-42');
		$l = new StaticL10N();
		$this->logger = new MemoryLogger();
		$this->middleware = new ErrorMiddleware($request, $l, $this->logger);
		// Any controller of the app will do; the one the wiring builds the way the app does.
		$wiring = new CompanionWiring(new InMemoryConfig(), InMemoryAppConfig::withRandomKey(), new SodiumCrypto(sodium_crypto_secretbox_keygen()), new StreamClientService(), new StaticUrlGenerator('https://cloud.example.com'), $l, new MemoryLogger(), new FileLockingProvider(sys_get_temp_dir() . '/mcp-companion-middleware-locks'));
		$controller = $wiring->controller(PageController::class, $request, null);
		\assert($controller instanceof PageController);
		$this->controller = $controller;
	}

	public function testMapsACompanionErrorToItsStatusSafeMessageAndRequestId(): void {
		$cause = new \RuntimeException('Connection refused: ' . self::SECRET_URL);

		$response = $this->middleware->afterException($this->controller, 'error', new SidecarUnreachableException('The MCP server could not be reached.', 0, $cause));

		$this->assertSame(502, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		$this->assertSame(['error' => 'upstream_error', 'message' => 'The MCP server could not be reached.', 'request_id' => 'req-42'], $response->getData());
	}

	public function testAnswersASidecarRefusalWithTheGenericMessageOnly(): void {
		$exception = new SidecarRejectedException('The MCP server refused the request.', 'Internal detail at ' . self::SECRET_URL, 500);

		$response = $this->middleware->afterException($this->controller, 'error', $exception);

		$this->assertSame(502, $response->getStatus());
		$this->assertStringNotContainsString('10.0.0.5', $response->render());
	}

	public function testAnswersAnyOtherErrorWith500AndNeverLeaksItsMessage(): void {
		$exception = new \RuntimeException('Could not open /var/www/nextcloud/config/config.php for ' . self::SECRET_URL);

		$response = $this->middleware->afterException($this->controller, 'error', $exception);

		$this->assertSame(500, $response->getStatus());
		ContractAssert::assertConforms('error-response.json', $response);
		foreach (['http', '10.0.0.5', 'hunter2', '/var/www', 'config.php'] as $secret) {
			$this->assertStringNotContainsString($secret, $response->render());
		}
	}

	public function testLogsTheOriginalWithTheRequestIdAtErrorLevel(): void {
		$exception = new \RuntimeException('boom');

		$this->middleware->afterException($this->controller, 'error', $exception);

		$this->assertSame('error', $this->logger->records[0]['level']);
		$this->assertSame($exception, $this->logger->records[0]['context']['exception']);
		$this->assertSame('req-42', $this->logger->records[0]['context']['request_id']);
	}

	public function testLogsAFailureHereAtErrorLevelWithTheException(): void {
		$exception = new SidecarUnreachableException('The MCP server could not be reached.');

		$this->middleware->afterException($this->controller, 'error', $exception);

		$this->assertSame('error', $this->logger->records[0]['level']);
		$this->assertSame($exception, $this->logger->records[0]['context']['exception']);
	}

	public function testLogsARefusalOfBadInputAtInfoLevelWithoutAStackTrace(): void {
		$exception = new InvalidSettingsException('The API key contains characters that are not allowed.');

		$response = $this->middleware->afterException($this->controller, 'error', $exception);

		$this->assertSame(400, $response->getStatus());
		$this->assertSame([[
			'level' => 'info',
			'message' => 'A companion request was refused: The API key contains characters that are not allowed.',
			'context' => ['request_id' => 'req-42', 'action' => PageController::class . '::error', 'status' => 400],
		]], $this->logger->records);
	}

	public function testAnswersInTheShapeAndWithTheCodesOfTheMcpServersErrors(): void {
		$document = json_decode((string)file_get_contents(__DIR__ . '/../../../sidecar/openapi.json'), true, 64, JSON_THROW_ON_ERROR);
		$statuses = array_keys((new \ReflectionClassConstant(CompanionException::class, 'CODES'))->getValue());

		$answers = array_map(fn (int $status) => $this->middleware->afterException($this->controller, 'error', self::failingWith($status))->getData(), [...$statuses, 500]);

		$error = $document['components']['schemas']['Error'];
		$this->assertSame([$error['required']], array_values(array_unique(array_map(array_keys(...), $answers), SORT_REGULAR)));
		$this->assertSame([], array_diff(array_column($answers, 'error'), $document['components']['schemas']['ErrorCode']['enum']));
	}

	private static function failingWith(int $status): CompanionException {
		return new class('Refused.', $status) extends CompanionException {
			public function __construct(
				string $message,
				private int $status,
			) {
				parent::__construct($message);
			}

			public function getStatus(): int {
				return $this->status;
			}
		};
	}
}

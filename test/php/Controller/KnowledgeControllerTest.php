<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// KnowledgeController through routes.php: signed in at the real OpenID provider double, each route forwards to the
// loopback sidecar with the user's Bearer token and answers with the sidecar's status and safe body.
namespace OCA\McpCompanion\Tests\Controller;

use OCA\McpCompanion\Tests\ContractAssert;
use OCA\McpCompanion\Tests\OAuthTestCase;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use OCA\McpCompanion\Tests\Support\TemplateRenderer;
use OCP\AppFramework\Http\JSONResponse;
use OCP\AppFramework\Http\RedirectResponse;
use OCP\AppFramework\Http\Response;
use OCP\AppFramework\Http\TemplateResponse;
use OCP\Util;
use PHPUnit\Framework\Attributes\DataProvider;

class KnowledgeControllerTest extends OAuthTestCase {
	private const LOGIN_URL = '/index.php/apps/mcp_companion/oauth/login?target=search';

	public function testSearchForwardsTheCheckedBodyWithTheUsersTokenAndAnswersWithTheSidecarsResults(): void {
		$this->signInAndForgetItsRequests();

		$response = $this->dispatch('POST', '/api/v1/knowledge/search', ['query' => '  quarterly budget ', 'limit' => 5, 'offset' => 10, 'doc_types' => ['file', 'file', 'note'], 'include_pca' => true, 'fusion' => 'dbsf', 'sources' => ['index', 'nextcloud', 'index']]);

		[$sent] = $this->upstreamRequests('/api/v1/knowledge/search');
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $sent['headers']['authorization']);
		$this->assertSame('application/json', $sent['headers']['content-type']);
		$this->assertSame(['query' => 'quarterly budget', 'fusion' => 'dbsf', 'limit' => 5, 'offset' => 10, 'doc_types' => ['file', 'note'], 'include_pca' => true, 'sources' => ['index', 'nextcloud']], json_decode($sent['body'], true));
		$this->assertSame(200, $response->getStatus());
		$expected = ['offset' => 10, 'limit' => 5] + json_decode((string)file_get_contents(__DIR__ . '/../../contract/sidecar-search.json'), true);
		$this->assertEquals($expected, $this->bodyOf($response));
	}

	/** @return array<string, array{string, string, array<string, mixed>, string, string}> */
	public static function forwardedRoutes(): array {
		return [
			'points' => ['POST', '/api/v1/knowledge/search/points', ['point_ids' => ['12', '13', '12']], '', '{"point_ids":["12","13"]}'],
			'chunk context' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'file', 'doc_id' => '3481', 'start' => '120', 'end' => '480', 'context' => '300'], 'doc_type=file&doc_id=3481&start=120&end=480&context=300', ''],
			'pdf preview' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/Documents/Q1 report.pdf', 'page' => '3', 'scale' => '1.5'], 'file_path=%2FDocuments%2FQ1%20report.pdf&page=3&scale=1.5', ''],
			'sync status' => ['GET', '/api/v1/knowledge/status', [], '', ''],
		];
	}

	#[DataProvider('forwardedRoutes')]
	public function testEachRouteReachesItsSidecarRouteWithTheSameRequest(string $method, string $path, array $params, string $query, string $body): void {
		$this->signInAndForgetItsRequests();

		$response = $this->dispatch($method, $path, $params);

		$this->assertSame(200, $response->getStatus());
		$sent = $this->upstreamRequests('/api/v1/');
		$this->assertCount(1, $sent);
		$this->assertSame([$method, $path, $query, $body], [$sent[0]['method'], $sent[0]['path'], $sent[0]['query'], $sent[0]['body']]);
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $sent[0]['headers']['authorization']);
		$this->assertSame($method, $this->bodyOf($response)['echo']['method']);
	}

	/** @return array<string, array{string, string, array<string, mixed>, string}> */
	public static function contractAnswers(): array {
		return [
			'points' => ['POST', '/api/v1/knowledge/search/points', ['point_ids' => ['12']], 'sidecar-search-points.json'],
			'chunk context' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'file', 'doc_id' => '3481', 'start' => '120', 'end' => '480'], 'sidecar-chunk-context.json'],
			'pdf preview' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/Documents/Q1 report.pdf', 'page' => '3'], 'sidecar-pdf-preview.json'],
		];
	}

	#[DataProvider('contractAnswers')]
	public function testAnswersTheSidecarsContractDocumentAsItIs(string $method, string $path, array $params, string $fixture): void {
		$this->signInAndForgetItsRequests();
		$document = json_decode((string)file_get_contents(ContractAssert::CONTRACT_DIR . '/' . $fixture), true);
		$this->changeUpstreamBehaviour(['knowledge_answer' => [200, $document]]);

		$response = $this->dispatch($method, $path, $params);

		$this->assertSame(200, $response->getStatus());
		ContractAssert::assertConforms($fixture, $this->bodyOf($response));
		$this->assertEquals($document, $this->bodyOf($response));
	}

	public function testThePdfPreviewKeepsTheSidecarsCacheHeaders(): void {
		$this->signInAndForgetItsRequests();

		$response = $this->dispatch('GET', '/api/v1/pdf-preview', ['file_path' => '/Documents/report.pdf']);

		$this->assertSame('private, max-age=300', $response->getHeaders()['Cache-Control']);
		$this->assertSame('"up-etag-1"', $response->getHeaders()['ETag']);
	}

	public function testSendsTheApiKeyWhenOneIsConfigured(): void {
		$this->signInAndForgetItsRequests();
		$this->saveSettings(apiKey: 'management-key');
		$this->changeUpstreamBehaviour(['sidecar_api_key' => 'management-key']);

		$response = $this->dispatch('GET', '/api/v1/knowledge/status');

		$this->assertSame(200, $response->getStatus());
		$this->assertSame('management-key', $this->upstreamRequests('/api/v1/knowledge/status')[0]['headers']['x-api-key']);
	}

	/** @return array<string, array{string, string, array<string, mixed>}> */
	public static function outOfBounds(): array {
		return [
			'no query' => ['POST', '/api/v1/knowledge/search', []],
			'blank query' => ['POST', '/api/v1/knowledge/search', ['query' => '   ']],
			'query too long' => ['POST', '/api/v1/knowledge/search', ['query' => str_repeat('a', 10_001)]],
			'control character' => ['POST', '/api/v1/knowledge/search', ['query' => "budget\x07"]],
			'unknown algorithm' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'algorithm' => 'fuzzy']],
			'limit 0' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'limit' => 0]],
			'limit 101' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'limit' => 101]],
			'limit as text' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'limit' => 'ten']],
			'offset too far' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'offset' => 1_000_001]],
			'threshold above 1' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'score_threshold' => 1.5]],
			'unknown doc type' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'doc_types' => ['file', 'mail']]],
			'flag as text' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'include_pca' => 'yes']],
			'unknown source' => ['POST', '/api/v1/knowledge/search', ['query' => 'x', 'sources' => ['mail']]],
			'no point ids' => ['POST', '/api/v1/knowledge/search/points', ['point_ids' => []]],
			'101 point ids' => ['POST', '/api/v1/knowledge/search/points', ['point_ids' => array_map('strval', range(1, 101))]],
			'point id not digits' => ['POST', '/api/v1/knowledge/search/points', ['point_ids' => ['12; DROP']]],
			'unknown chunk doc type' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'mail', 'doc_id' => '1', 'start' => '0', 'end' => '10']],
			'end before start' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'file', 'doc_id' => '1', 'start' => '10', 'end' => '10']],
			'span too wide' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'file', 'doc_id' => '1', 'start' => '0', 'end' => '100001']],
			'context too wide' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'file', 'doc_id' => '1', 'start' => '0', 'end' => '5', 'context' => '10001']],
			'start as fraction' => ['GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'file', 'doc_id' => '1', 'start' => '1.5', 'end' => '5']],
			'no file path' => ['GET', '/api/v1/pdf-preview', []],
			'relative file path' => ['GET', '/api/v1/pdf-preview', ['file_path' => 'Documents/a.pdf']],
			'traversal' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/Documents/../../etc/passwd']],
			'encoded traversal' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/Documents/%2e%2e/secret.pdf']],
			'double-encoded traversal' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/Documents/%252e%252e/secret.pdf']],
			'path too long' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/' . str_repeat('a', 4096)]],
			'page 0' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/a.pdf', 'page' => '0']],
			'page 10001' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/a.pdf', 'page' => '10001']],
			'scale 0.4' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/a.pdf', 'scale' => '0.4']],
			'scale 5.1' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/a.pdf', 'scale' => '5.1']],
			'scale not a number' => ['GET', '/api/v1/pdf-preview', ['file_path' => '/a.pdf', 'scale' => 'big']],
		];
	}

	#[DataProvider('outOfBounds')]
	public function testRefusesWhatIsOutOfTheSidecarsBoundsBeforeForwarding(string $method, string $path, array $params): void {
		$this->signInAndForgetItsRequests();

		$response = $this->dispatch($method, $path, $params);

		$this->assertSame(400, $response->getStatus());
		$this->assertIsString($this->bodyOf($response)['error']);
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testPassesTheSidecarsErrorStatusWithOnlyItsCodeMessageAndRequestId(): void {
		$this->signInAndForgetItsRequests();
		$this->changeUpstreamBehaviour(['knowledge_answer' => [404, [
			'error' => 'not_found', 'message' => 'The knowledge index is off (KNOWLEDGE_ENABLED=false).', 'request_id' => 'req-1',
			'stack' => 'Error at /srv/sidecar/dist/main.js:10', 'details' => ['path' => '/srv/data'],
		]]]);

		$response = $this->dispatch('POST', '/api/v1/knowledge/search', ['query' => 'budget']);

		$this->assertSame(404, $response->getStatus());
		$this->assertSame(['error' => 'not_found', 'message' => 'The knowledge index is off (KNOWLEDGE_ENABLED=false).', 'request_id' => 'req-1'], $this->bodyOf($response));
	}

	public function testPassesATooManyRequestsAnswerThrough(): void {
		$this->signInAndForgetItsRequests();
		$this->changeUpstreamBehaviour(['knowledge_answer' => [429, ['error' => 'rate_limited', 'message' => 'Too many requests.', 'request_id' => 'req-2']]]);

		$response = $this->dispatch('GET', '/api/v1/knowledge/chunk-context', ['doc_type' => 'note', 'doc_id' => '77', 'start' => '0', 'end' => '10']);

		$this->assertSame(429, $response->getStatus());
		$this->assertSame('rate_limited', $this->bodyOf($response)['error']);
	}

	public function testAnswers401WithTheSignInUrlWhenTheUserHasNotSignedIn(): void {
		$response = $this->dispatch('POST', '/api/v1/knowledge/search', ['query' => 'budget']);

		$this->assertSame(401, $response->getStatus());
		$body = $this->bodyOf($response);
		$this->assertSame(['sign_in_required', self::LOGIN_URL], [$body['error'], $body['login_url']]);
		$this->assertSame('Sign in to the MCP server first.', $body['message']);
		ContractAssert::assertConforms('error-response.json', array_diff_key($body, ['login_url' => true]));
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testForgetsASignInTheSidecarNoLongerAcceptsAndAsksToSignInAgain(): void {
		$this->signInAndForgetItsRequests();
		$this->changeUpstreamBehaviour(['knowledge_answer' => [401, ['error' => 'unauthenticated', 'message' => 'The token is not active.', 'request_id' => 'up401']]]);

		$response = $this->dispatch('GET', '/api/v1/knowledge/status');

		$this->assertSame(401, $response->getStatus());
		$this->assertSame(['sign_in_required', self::LOGIN_URL], [$this->bodyOf($response)['error'], $this->bodyOf($response)['login_url']]);
		$this->assertNull($this->readStoredTokens());
	}

	public function testAnswers502WhenTheSidecarCannotBeReached(): void {
		$this->signInAndForgetItsRequests();
		$this->saveSettings(serverUrl: $this->unreachableUrl());

		$response = $this->dispatch('POST', '/api/v1/knowledge/search', ['query' => 'budget']);

		$this->assertSame(502, $response->getStatus());
		$this->assertSame(['upstream_error', 'The MCP server could not be reached.'], [$this->bodyOf($response)['error'], $this->bodyOf($response)['message']]);
		$this->assertStringNotContainsString('127.0.0.1', (string)json_encode($this->bodyOf($response)));
	}

	public function testAnswers502WhenTheSidecarSendsSomethingOtherThanJson(): void {
		$this->signInAndForgetItsRequests();
		$this->changeUpstreamBehaviour(['knowledge_answer' => 'garbage']);

		$response = $this->dispatch('GET', '/api/v1/pdf-preview', ['file_path' => '/a.pdf']);

		$this->assertSame(502, $response->getStatus());
	}

	public function testKeepsNextcloudsCsrfCheck(): void {
		$this->signInAndForgetItsRequests();

		$response = $this->dispatch('POST', '/api/v1/knowledge/search', ['query' => 'budget'], withToken: false);

		$this->assertSame(412, $response->getStatus());
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testSigningInFromTheSearchPageComesBackToTheSearchPage(): void {
		$login = $this->dispatch('GET', '/oauth/login', ['target' => 'search']);
		$this->assertInstanceOf(RedirectResponse::class, $login);
		$answer = \OCA\McpCompanion\Tests\Support\OidcDouble::followToRedirectUri($login->getRedirectURL(), self::REDIRECT_URI);

		$callback = $this->dispatch('GET', '/oauth/callback', ['code' => $answer['code'], 'state' => $answer['state']]);

		$this->assertSame(self::$nextcloud->url . '/index.php/apps/mcp_companion/?mcp_oauth=connected', $callback->getHeaders()['Location']);
		$this->assertNotNull($this->readStoredTokens());
	}

	public function testTheSearchPageMountsItsBundleWithTheInitialStateOfASignedOutUser(): void {
		(new \ReflectionProperty(Util::class, 'scripts'))->setValue(null, []);

		$response = $this->dispatch('GET', '/', withToken: false);

		$this->assertInstanceOf(TemplateResponse::class, $response);
		$this->assertSame('<div id="mcp_companion-search"></div>', trim((new TemplateRenderer(self::REPO_ROOT, new StaticL10N()))->render($response)));
		$this->assertSame(['mcp_companion/js/mcp_companion-search'], Util::getScripts());
		$this->assertSame(['search' => [
			'signedIn' => false,
			'loginUrl' => self::LOGIN_URL,
			'docTypes' => ['file', 'note', 'deck_card', 'calendar_item', 'news_item', 'contact'],
		]], $this->wiring->initialState->states);
	}

	public function testTheSearchPageKnowsWhenTheUserHasSignedIn(): void {
		$this->signInAndForgetItsRequests();

		$this->dispatch('GET', '/');

		$this->assertTrue($this->wiring->initialState->states['search']['signedIn']);
	}

	/** Signs alice in; the sidecar calls the sign-in made (its status, for discovery) are not what the tests look at. */
	private function signInAndForgetItsRequests(): void {
		$this->signIn();
		@unlink(self::$stateDir . '/requests.jsonl');
	}

	/** @return array<string, mixed> */
	private function bodyOf(Response $response): array {
		$this->assertInstanceOf(JSONResponse::class, $response);
		return json_decode($response->render(), true);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The search page's routes: each checks the sidecar's bounds, then forwards to the sidecar with the user's sign-in and
// answers with the sidecar's status and JSON (its errors in error-response.json's shape); without a sign-in 401
// sign_in_required with the sign-in URL.
namespace OCA\McpCompanion\Controller;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\OAuthSignInRequiredException;
use OCA\McpCompanion\Middleware\ErrorMiddleware;
use OCA\McpCompanion\Service\KnowledgeRequestValidator;
use OCA\McpCompanion\Service\KnowledgeService;
use OCP\AppFramework\Controller;
use OCP\AppFramework\Http;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\JSONResponse;
use OCP\IRequest;
use OCP\IURLGenerator;

class KnowledgeController extends Controller {
	private const SEARCH_FIELDS = ['query', 'algorithm', 'fusion', 'limit', 'offset', 'score_threshold', 'doc_types', 'include_pca', 'include_chunks', 'sources'];

	public function __construct(
		IRequest $request,
		private KnowledgeService $knowledge,
		private KnowledgeRequestValidator $validator,
		private IURLGenerator $urlGenerator,
		private ?string $userId,
	) {
		parent::__construct(Application::APP_ID, $request);
	}

	#[NoAdminRequired]
	public function search(): JSONResponse {
		$body = $this->validator->checkSearch($this->readParams(self::SEARCH_FIELDS));
		return $this->forward('POST', KnowledgeService::SEARCH, [], $body);
	}

	#[NoAdminRequired]
	public function searchPoints(): JSONResponse {
		$body = $this->validator->checkPointIds($this->request->getParam('point_ids'));
		return $this->forward('POST', KnowledgeService::SEARCH_POINTS, [], $body);
	}

	#[NoAdminRequired]
	public function chunkContext(): JSONResponse {
		$query = $this->validator->checkChunkContext($this->readParams(['doc_type', 'doc_id', 'start', 'end', 'context']));
		return $this->forward('GET', KnowledgeService::CHUNK_CONTEXT, $query);
	}

	#[NoAdminRequired]
	public function pdfPreview(): JSONResponse {
		$query = $this->validator->checkPdfPreview($this->readParams(['file_path', 'page', 'scale']));
		return $this->forward('GET', KnowledgeService::PDF_PREVIEW, $query);
	}

	#[NoAdminRequired]
	public function syncStatus(): JSONResponse {
		return $this->forward('GET', KnowledgeService::SYNC_STATUS);
	}

	/**
	 * @param array<string, string|int|float> $query
	 * @param array<string, mixed>|null $body
	 */
	private function forward(string $method, string $path, array $query = [], ?array $body = null): JSONResponse {
		try {
			$answer = $this->knowledge->forward((string)$this->userId, $method, $path, $query, $body);
		} catch (OAuthSignInRequiredException $e) {
			// 401, not the exception's 403: Nextcloud's front end reloads the page only for "Current user is not logged in".
			$loginUrl = $this->urlGenerator->linkToRoute('mcp_companion.o_auth.login', ['target' => 'search']);
			return ErrorMiddleware::describe($e->getErrorCode(), $e->getMessage(), $this->request->getId(), Http::STATUS_UNAUTHORIZED, ['login_url' => $loginUrl]);
		}
		return new JSONResponse($answer['body'], $answer['status'], $answer['headers']);
	}

	/**
	 * The named parameters of the request (JSON body or query string), as sent: absent ones are left out.
	 *
	 * @param list<string> $names
	 * @return array<string, mixed>
	 */
	private function readParams(array $names): array {
		$params = [];
		foreach ($names as $name) {
			$value = $this->request->getParam($name);
			if ($value !== null) {
				$params[$name] = $value;
			}
		}
		return $params;
	}
}

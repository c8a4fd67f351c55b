<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Nextcloud's unified search bar: the user's knowledge-index hits (hybrid search at the sidecar, with their sign-in),
// each with its excerpt, a type icon and a deep link; PDFs open in the search page's viewer at the matching page.
namespace OCA\McpCompanion\Search;

use OCA\McpCompanion\AppInfo\Application;
use OCA\McpCompanion\Exception\CompanionException;
use OCA\McpCompanion\Service\KnowledgeRequestValidator;
use OCA\McpCompanion\Service\KnowledgeService;
use OCP\IL10N;
use OCP\IURLGenerator;
use OCP\IUser;
use OCP\Search\IProvider;
use OCP\Search\ISearchQuery;
use OCP\Search\SearchResult;
use OCP\Search\SearchResultEntry;
use Psr\Log\LoggerInterface;

class KnowledgeSearchProvider implements IProvider {
	public const ID = 'mcp_companion_knowledge';
	/** The sidecar ranks at most this deep; the provider stops paginating there. */
	private const MAX_OFFSET = 1000;
	private const SUBLINE_LENGTH = 200;

	public function __construct(
		private KnowledgeService $knowledge,
		private IURLGenerator $urlGenerator,
		private IL10N $l,
		private LoggerInterface $logger,
	) {
	}

	public function getId(): string {
		return self::ID;
	}

	public function getName(): string {
		return $this->l->t('Knowledge search');
	}

	/** First on the search page itself, after Nextcloud's own providers elsewhere. */
	public function getOrder(string $route, array $routeParameters): ?int {
		return str_starts_with($route, Application::APP_ID . '.') ? -1 : 60;
	}

	/** Nothing (not an error) when the user has not signed in to the MCP server or it cannot answer now. */
	public function search(IUser $user, ISearchQuery $query): SearchResult {
		$term = trim($query->getTerm());
		$offset = $this->readOffset($query->getCursor());
		$limit = max(1, min(KnowledgeRequestValidator::MAX_LIMIT, $query->getLimit()));
		$userId = $user->getUID();
		if ($term === '' || mb_strlen($term) > KnowledgeRequestValidator::MAX_QUERY_LENGTH || $offset >= self::MAX_OFFSET
			|| !$this->knowledge->isSignedIn($userId)) {
			return SearchResult::complete($this->getName(), []);
		}
		try {
			$answer = $this->knowledge->forward($userId, 'POST', KnowledgeService::SEARCH, [], [
				'query' => $term, 'algorithm' => 'hybrid', 'limit' => $limit, 'offset' => $offset,
			]);
		} catch (CompanionException $e) {
			$this->logger->info('The knowledge search for the search bar did not run: ' . $e->getMessage(), ['userId' => $userId]);
			return SearchResult::complete($this->getName(), []);
		}
		$results = $answer['status'] === 200 && is_array($answer['body']['results'] ?? null) ? $answer['body']['results'] : [];
		$entries = array_values(array_filter(array_map($this->buildEntry(...), $results)));
		if (count($results) < $limit) {
			return SearchResult::complete($this->getName(), $entries);
		}
		return SearchResult::paginated($this->getName(), $entries, $offset + count($results));
	}

	private function readOffset(mixed $cursor): int {
		return is_numeric($cursor) && (int)$cursor > 0 ? (int)$cursor : 0;
	}

	private function buildEntry(mixed $result): ?SearchResultEntry {
		if (!is_array($result) || !is_string($result['title'] ?? null) || !is_string($result['doc_type'] ?? null)) {
			return null;
		}
		$docType = in_array($result['doc_type'], KnowledgeRequestValidator::DOC_TYPES, true) ? $result['doc_type'] : 'file';
		$isPdf = ($result['mime_type'] ?? null) === 'application/pdf';
		$icon = $this->urlGenerator->imagePath(Application::APP_ID, 'type-' . ($isPdf ? 'pdf' : $docType) . '.svg');
		$excerpt = is_string($result['excerpt'] ?? null) ? trim((string)preg_replace('/\s+/u', ' ', $result['excerpt'])) : '';
		$entry = new SearchResultEntry($icon, $result['title'], mb_strimwidth($excerpt, 0, self::SUBLINE_LENGTH, '…'), $this->buildLink($result, $isPdf), '', false);
		$entry->addAttribute('doc_type', $docType);
		if (is_scalar($result['doc_id'] ?? null)) {
			$entry->addAttribute('doc_id', (string)$result['doc_id']);
		}
		return $entry;
	}

	/** A PDF: the search page, which opens the hit (its point) in the viewer at the page of the match; else the
	 * result's own link (http(s) only). */
	private function buildLink(array $result, bool $isPdf): string {
		$searchPage = $this->urlGenerator->linkToRouteAbsolute(Application::APP_ID . '.page.search');
		$pointId = $result['point_id'] ?? null;
		if ($isPdf && is_string($pointId) && preg_match('/^\d{1,18}$/', $pointId) === 1) {
			return $searchPage . '?' . http_build_query(['point' => $pointId], '', '&', PHP_QUERY_RFC3986);
		}
		$link = $result['link'] ?? null;
		if (is_string($link) && preg_match('#^https?://[^\s]+$#i', $link) === 1) {
			return $link;
		}
		return $searchPage;
	}
}

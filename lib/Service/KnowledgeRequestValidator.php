<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// The MCP server's bounds for search, point, chunk-context and PDF preview requests (sidecar/src/api/search-request.ts
// and the pdf-preview contract), checked here first so that nothing out of bounds is forwarded.
namespace OCA\McpCompanion\Service;

use OCA\McpCompanion\Exception\InvalidKnowledgeRequestException;
use OCP\IL10N;

class KnowledgeRequestValidator {
	public const DOC_TYPES = ['file', 'note', 'deck_card', 'calendar_item', 'news_item', 'contact'];
	public const ALGORITHMS = ['bm25', 'semantic', 'hybrid'];
	public const FUSIONS = ['rrf', 'dbsf'];
	/** Where a search looks: the user's index, and Nextcloud's own unified search. */
	public const SOURCES = ['index', 'nextcloud'];
	public const MAX_QUERY_LENGTH = 10_000;
	public const MAX_LIMIT = 100;
	public const MAX_OFFSET = 1_000_000;
	public const MAX_POINT_IDS = 100;
	public const MAX_FILE_PATH_LENGTH = 4096;
	public const MAX_PAGE = 10_000;

	public function __construct(
		private IL10N $l,
	) {
	}

	/**
	 * The body of POST /api/v1/knowledge/search with only the fields the sidecar knows; absent fields stay absent (its defaults).
	 *
	 * @param array<string, mixed> $fields
	 * @return array<string, mixed>
	 * @throws InvalidKnowledgeRequestException
	 */
	public function checkSearch(array $fields): array {
		$body = ['query' => $this->checkQuery($fields['query'] ?? null)];
		$checks = [
			'algorithm' => fn ($v) => $this->checkOneOf('algorithm', $v, self::ALGORITHMS),
			'fusion' => fn ($v) => $this->checkOneOf('fusion', $v, self::FUSIONS),
			'limit' => fn ($v) => $this->checkInteger('limit', $v, 1, self::MAX_LIMIT),
			'offset' => fn ($v) => $this->checkInteger('offset', $v, 0, self::MAX_OFFSET),
			'score_threshold' => fn ($v) => $this->checkNumber('score_threshold', $v, 0, 1),
			'doc_types' => fn ($v) => $this->checkDocTypes($v),
			'include_pca' => fn ($v) => $this->checkFlag('include_pca', $v),
			'include_chunks' => fn ($v) => $this->checkFlag('include_chunks', $v),
			'sources' => fn ($v) => $this->checkSources($v),
		];
		foreach ($checks as $name => $check) {
			if (array_key_exists($name, $fields) && $fields[$name] !== null) {
				$body[$name] = $check($fields[$name]);
			}
		}
		return $body;
	}

	/**
	 * @return array{point_ids: list<string>}
	 * @throws InvalidKnowledgeRequestException
	 */
	public function checkPointIds(mixed $ids): array {
		if (!is_array($ids) || !array_is_list($ids) || $ids === [] || count($ids) > self::MAX_POINT_IDS) {
			throw $this->refuse($this->l->t('point_ids must be a list of 1 to 100 point ids.'));
		}
		foreach ($ids as $id) {
			if (!is_string($id) || preg_match('/^\d{1,18}$/', $id) !== 1) {
				throw $this->refuse($this->l->t('Each point id must be the point_id of a search result.'));
			}
		}
		return ['point_ids' => array_values(array_unique($ids))];
	}

	/**
	 * The query of GET /api/v1/knowledge/chunk-context.
	 *
	 * @param array<string, mixed> $params
	 * @return array<string, string|int>
	 * @throws InvalidKnowledgeRequestException
	 */
	public function checkChunkContext(array $params): array {
		$docType = $params['doc_type'] ?? null;
		if (!in_array($docType, self::DOC_TYPES, true)) {
			throw $this->refuse($this->l->t('doc_type must be one of %s.', [implode(', ', self::DOC_TYPES)]));
		}
		$docId = $params['doc_id'] ?? null;
		if (!is_string($docId) || $docId === '' || mb_strlen($docId) > 512 || preg_match('/[\x00-\x1f]/', $docId) === 1) {
			throw $this->refuse($this->l->t('doc_id must be the doc_id of a search result.'));
		}
		$start = $this->checkInteger('start', $params['start'] ?? null, 0, 100_000_000);
		$end = $this->checkInteger('end', $params['end'] ?? null, 1, 100_000_000);
		if ($end <= $start) {
			throw $this->refuse($this->l->t('end must be greater than start.'));
		}
		if ($end - $start > 100_000) {
			throw $this->refuse($this->l->t('end - start must be at most 100000 characters.'));
		}
		$query = ['doc_type' => $docType, 'doc_id' => $docId, 'start' => $start, 'end' => $end];
		if (($params['context'] ?? null) !== null) {
			$query['context'] = $this->checkInteger('context', $params['context'], 0, 10_000);
		}
		return $query;
	}

	/**
	 * The query of GET /api/v1/pdf-preview: the path below the user's WebDAV home, as search results give it.
	 *
	 * @param array<string, mixed> $params
	 * @return array<string, string|int|float>
	 * @throws InvalidKnowledgeRequestException
	 */
	public function checkPdfPreview(array $params): array {
		$path = $params['file_path'] ?? null;
		if (!is_string($path) || !str_starts_with($path, '/') || mb_strlen($path) > self::MAX_FILE_PATH_LENGTH
			|| preg_match('/[\x00-\x1f\x7f]/', $path) === 1 || $this->hasDotSegment($path)) {
			throw $this->refuse($this->l->t('file_path must be the file_path of a search result.'));
		}
		$query = ['file_path' => $path];
		if (($params['page'] ?? null) !== null) {
			$query['page'] = $this->checkInteger('page', $params['page'], 1, self::MAX_PAGE);
		}
		if (($params['scale'] ?? null) !== null) {
			$query['scale'] = $this->checkNumber('scale', $params['scale'], 0.5, 5.0);
		}
		return $query;
	}

	/** "." or ".." as a segment, also percent-encoded (once or more): the sidecar refuses them too. */
	private function hasDotSegment(string $path): bool {
		for ($decoded = $path, $round = 0; $round < 3; $round++, $decoded = rawurldecode($decoded)) {
			foreach (preg_split('#[/\\\\]#', $decoded) ?: [] as $segment) {
				if ($segment === '.' || $segment === '..') {
					return true;
				}
			}
		}
		return false;
	}

	private function checkQuery(mixed $raw): string {
		if (!is_string($raw)) {
			throw $this->refuse($this->l->t('query must be given once, as text.'));
		}
		$text = trim($raw);
		if (preg_match('/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/', $text) === 1) {
			throw $this->refuse($this->l->t('query must not contain control characters.'));
		}
		$length = mb_strlen($text);
		if ($length < 1 || $length > self::MAX_QUERY_LENGTH) {
			throw $this->refuse($this->l->t('query must be between 1 and %s characters long.', [self::MAX_QUERY_LENGTH]));
		}
		return $text;
	}

	/** @param list<string> $allowed */
	private function checkOneOf(string $name, mixed $raw, array $allowed): string {
		if (!is_string($raw) || !in_array($raw, $allowed, true)) {
			throw $this->refuse($this->l->t('%1$s must be one of %2$s.', [$name, implode(', ', $allowed)]));
		}
		return $raw;
	}

	/** A JSON integer, or (query strings) decimal digits only. */
	private function checkInteger(string $name, mixed $raw, int $min, int $max): int {
		if (is_string($raw) && preg_match('/^-?\d{1,16}$/', $raw) === 1) {
			$raw = (int)$raw;
		}
		if (!is_int($raw)) {
			throw $this->refuse($this->l->t('%s must be a whole number.', [$name]));
		}
		return (int)$this->checkRange($name, $raw, $min, $max);
	}

	private function checkNumber(string $name, mixed $raw, float $min, float $max): float|int {
		if (is_string($raw) && is_numeric($raw) && trim($raw) === $raw) {
			$raw = +$raw;
		}
		if ((!is_int($raw) && !is_float($raw)) || !is_finite((float)$raw)) {
			throw $this->refuse($this->l->t('%s must be a number.', [$name]));
		}
		return $this->checkRange($name, $raw, $min, $max);
	}

	private function checkRange(string $name, int|float $value, int|float $min, int|float $max): int|float {
		if ($value < $min || $value > $max) {
			throw $this->refuse($this->l->t('%1$s must be between %2$s and %3$s.', [$name, $min, $max]));
		}
		return $value;
	}

	private function checkFlag(string $name, mixed $raw): bool {
		if (!is_bool($raw)) {
			throw $this->refuse($this->l->t('%s must be true or false.', [$name]));
		}
		return $raw;
	}

	/** @return list<string> */
	private function checkDocTypes(mixed $raw): array {
		if (!is_array($raw) || !array_is_list($raw) || count($raw) > count(self::DOC_TYPES) * 2
			|| array_diff(array_map(fn ($t) => is_string($t) ? $t : '', $raw), self::DOC_TYPES) !== []) {
			throw $this->refuse($this->l->t('doc_types must be a list of: %s.', [implode(', ', self::DOC_TYPES)]));
		}
		return array_values(array_unique($raw));
	}

	/** @return list<string> */
	private function checkSources(mixed $raw): array {
		if (!is_array($raw) || !array_is_list($raw) || $raw === [] || count($raw) > count(self::SOURCES) * 2
			|| array_diff(array_map(fn ($s) => is_string($s) ? $s : '', $raw), self::SOURCES) !== []) {
			throw $this->refuse($this->l->t('sources must be a list of: %s.', [implode(', ', self::SOURCES)]));
		}
		return array_values(array_unique($raw));
	}

	private function refuse(string $message): InvalidKnowledgeRequestException {
		return new InvalidKnowledgeRequestException($message);
	}
}

<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// KnowledgeRequestValidator keeps the MCP server's bounds as sidecar/openapi.json documents them: the same document
// types, algorithms, fusions and search fields, and each bound accepted at its edge and refused one step past it.
namespace OCA\McpCompanion\Tests\Service;

use OCA\McpCompanion\Controller\KnowledgeController;
use OCA\McpCompanion\Exception\InvalidKnowledgeRequestException;
use OCA\McpCompanion\Service\KnowledgeRequestValidator;
use OCA\McpCompanion\Tests\Support\StaticL10N;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

class KnowledgeRequestValidatorTest extends TestCase {
	private const OPENAPI = __DIR__ . '/../../../sidecar/openapi.json';
	private const AS_DOCUMENTED = [true, true, false, false];

	private KnowledgeRequestValidator $validator;

	protected function setUp(): void {
		$this->validator = new KnowledgeRequestValidator(new StaticL10N());
	}

	public function testHasTheDocumentedDocumentTypesAlgorithmsFusionsAndSearchFields(): void {
		$schemas = self::openapi()['components']['schemas'];
		$searchFields = (new \ReflectionClassConstant(KnowledgeController::class, 'SEARCH_FIELDS'))->getValue();

		$ours = array_map(self::sorted(...), [KnowledgeRequestValidator::DOC_TYPES, KnowledgeRequestValidator::ALGORITHMS, KnowledgeRequestValidator::FUSIONS, $searchFields]);

		$documented = [$schemas['DocType']['enum'], $schemas['Algorithm']['enum'], $schemas['Fusion']['enum'], array_keys($schemas['SearchRequest']['properties'])];
		$this->assertSame(array_map(self::sorted(...), $documented), $ours);
	}

	public function testHasTheDocumentedLimits(): void {
		$search = self::openapi()['components']['schemas']['SearchRequest']['properties'];
		$points = self::openapi()['components']['schemas']['PointsRequest']['properties']['point_ids'];

		$ours = [KnowledgeRequestValidator::MAX_QUERY_LENGTH, KnowledgeRequestValidator::MAX_LIMIT, KnowledgeRequestValidator::MAX_OFFSET, KnowledgeRequestValidator::MAX_POINT_IDS, KnowledgeRequestValidator::MAX_FILE_PATH_LENGTH, KnowledgeRequestValidator::MAX_PAGE];

		$documented = [$search['query']['maxLength'], $search['limit']['maximum'], $search['offset']['maximum'], $points['maxItems'], self::parameter('/api/v1/pdf-preview', 'file_path')['maxLength'], self::parameter('/api/v1/pdf-preview', 'page')['maximum']];
		$this->assertSame($documented, $ours);
	}

	/** @return array<string, array{string}> */
	public static function searchBounds(): array {
		return ['limit' => ['limit'], 'offset' => ['offset'], 'score_threshold' => ['score_threshold']];
	}

	#[DataProvider('searchBounds')]
	public function testTakesASearchFieldWithinTheDocumentedBoundsOnly(string $name): void {
		$bounds = self::openapi()['components']['schemas']['SearchRequest']['properties'][$name];

		$probed = $this->probe($bounds, fn ($value) => $this->validator->checkSearch(['query' => 'budget', $name => $value]));

		$this->assertSame(self::AS_DOCUMENTED, $probed);
	}

	public function testTakesUpToTheDocumentedNumberOfDocumentTypesAndPointIds(): void {
		$maxTypes = self::openapi()['components']['schemas']['SearchRequest']['properties']['doc_types']['oneOf'][0]['maxItems'];
		$points = self::openapi()['components']['schemas']['PointsRequest']['properties']['point_ids'];
		$types = fn (int $count) => array_map(fn ($i) => KnowledgeRequestValidator::DOC_TYPES[$i % 6], range(0, $count - 1));
		$ids = fn (int $count) => $count === 0 ? [] : array_map('strval', range(1, $count));

		$probed = [
			$this->accepts(fn () => $this->validator->checkSearch(['query' => 'q', 'doc_types' => $types($maxTypes)])),
			$this->accepts(fn () => $this->validator->checkSearch(['query' => 'q', 'doc_types' => $types($maxTypes + 1)])),
			$this->accepts(fn () => $this->validator->checkPointIds($ids($points['minItems']))),
			$this->accepts(fn () => $this->validator->checkPointIds($ids($points['maxItems']))),
			$this->accepts(fn () => $this->validator->checkPointIds($ids($points['minItems'] - 1))),
			$this->accepts(fn () => $this->validator->checkPointIds($ids($points['maxItems'] + 1))),
		];

		$this->assertSame([true, false, true, true, false, false], $probed);
	}

	public function testTakesTheDocumentedSourcesOnlyAndUpToTheDocumentedNumber(): void {
		$sources = self::openapi()['components']['schemas']['SearchRequest']['properties']['sources'];
		$many = fn (int $count) => array_map(fn ($i) => KnowledgeRequestValidator::SOURCES[$i % 2], range(0, $count - 1));

		$probed = array_map(
			fn ($value) => $this->accepts(fn () => $this->validator->checkSearch(['query' => 'q', 'sources' => $value])),
			[$many(1), $many($sources['maxItems']), $many($sources['maxItems'] + 1), [], ['mail'], 'nextcloud'],
		);

		$this->assertSame([true, true, false, false, false, false], $probed);
		$this->assertSame($sources['items']['enum'], KnowledgeRequestValidator::SOURCES);
		$this->assertSame(['index', 'nextcloud'], $this->validator->checkSearch(['query' => 'q', 'sources' => ['index', 'nextcloud', 'index']])['sources']);
	}

	public function testTakesChunkContextOffsetsAndContextWithinTheDocumentedBounds(): void {
		$check = fn (array $fields) => $this->validator->checkChunkContext($fields + ['doc_type' => 'file', 'doc_id' => '1', 'start' => '0', 'end' => '10']);

		$start = $this->probe(self::parameter('/api/v1/knowledge/chunk-context', 'start'), fn ($v) => $check(['start' => (string)$v, 'end' => (string)max($v + 1, 1)]));
		$end = $this->probe(self::parameter('/api/v1/knowledge/chunk-context', 'end'), fn ($v) => $check(['start' => (string)max($v - 1, 0), 'end' => (string)$v]));
		$context = $this->probe(self::parameter('/api/v1/knowledge/chunk-context', 'context'), fn ($v) => $check(['context' => (string)$v]));

		// The largest start has no end above it (end is bounded the same): that bound is checked from below only.
		$this->assertSame([[true, false, false], [true, true, false], self::AS_DOCUMENTED], [[$start[0], $start[2], $start[3]], [$end[0], $end[1], $end[3]], $context]);
	}

	public function testTakesAPreviewPageAndScaleWithinTheDocumentedBounds(): void {
		$check = fn (array $fields) => $this->validator->checkPdfPreview($fields + ['file_path' => '/Documents/report.pdf']);

		$page = $this->probe(self::parameter('/api/v1/pdf-preview', 'page'), fn ($v) => $check(['page' => (string)$v]));
		$scale = $this->probe(self::parameter('/api/v1/pdf-preview', 'scale'), fn ($v) => $check(['scale' => (string)$v]));

		$this->assertSame([self::AS_DOCUMENTED, self::AS_DOCUMENTED], [$page, $scale]);
	}

	/**
	 * Accepted at both bounds, refused one step outside each: [min, max, below, above].
	 *
	 * @param array{type: string, minimum: int|float, maximum: int|float} $bounds
	 * @return list<bool>
	 */
	private function probe(array $bounds, callable $check): array {
		$step = $bounds['type'] === 'integer' ? 1 : 0.01;
		$values = [$bounds['minimum'], $bounds['maximum'], $bounds['minimum'] - $step, $bounds['maximum'] + $step];
		return array_map(fn ($value) => $this->accepts(fn () => $check($value)), $values);
	}

	private function accepts(callable $check): bool {
		try {
			$check();
			return true;
		} catch (InvalidKnowledgeRequestException) {
			return false;
		}
	}

	/** @return array<string, mixed> */
	private static function parameter(string $path, string $name): array {
		foreach (self::openapi()['paths'][$path]['get']['parameters'] as $parameter) {
			if ($parameter['name'] === $name) {
				return $parameter['schema'];
			}
		}
		throw new \LogicException("$path has no parameter $name");
	}

	/** @return array<string, mixed> */
	private static function openapi(): array {
		return json_decode((string)file_get_contents(self::OPENAPI), true, 64, JSON_THROW_ON_ERROR);
	}

	/**
	 * @param list<mixed> $values
	 * @return list<string>
	 */
	private static function sorted(array $values): array {
		$strings = array_map('strval', $values);
		sort($strings);
		return $strings;
	}
}

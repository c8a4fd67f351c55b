<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// KnowledgeSearchProvider: signed in at the real OpenID provider double, Nextcloud's search bar gets the loopback
// sidecar's hybrid hits as entries with excerpt, type icon and deep link; nothing (never an error) without a sign-in.
namespace OCA\McpCompanion\Tests\Search;

use OCA\McpCompanion\Search\KnowledgeSearchProvider;
use OCA\McpCompanion\Tests\OAuthTestCase;
use OCA\McpCompanion\Tests\Support\SimpleSearchQuery;
use OCA\McpCompanion\Tests\Support\StaticUser;

class KnowledgeSearchProviderTest extends OAuthTestCase {
	private KnowledgeSearchProvider $searchProvider;

	protected function setUp(): void {
		parent::setUp();
		$this->searchProvider = $this->wiring->searchProvider();
	}

	public function testSearchesHybridForTheUserWithTheLimitOfTheQuery(): void {
		$this->signInAndForgetItsRequests();

		$this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery(' budget ', 3));

		[$sent] = $this->upstreamRequests('/api/v1/knowledge/search');
		$this->assertSame(['query' => 'budget', 'algorithm' => 'hybrid', 'limit' => 3, 'offset' => 0], json_decode($sent['body'], true));
		$this->assertSame('Bearer ' . $this->readStoredTokens()['access_token'], $sent['headers']['authorization']);
	}

	public function testEntriesHaveTitleExcerptTypeIconAndDeepLinks(): void {
		$this->signInAndForgetItsRequests();

		$result = $this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery('budget', 10))->jsonSerialize();

		$this->assertSame(['Knowledge search', false, null], [$result['name'], $result['isPaginated'], $result['cursor']]);
		$entries = array_map(fn ($entry) => $entry->jsonSerialize(), $result['entries']);
		$this->assertSame([
			'thumbnailUrl' => '/apps/mcp_companion/img/type-pdf.svg',
			'title' => 'report.pdf',
			'subline' => 'The quarterly budget was approved in March.',
			// A PDF opens in the search page's viewer (its point), at the page of the match.
			'resourceUrl' => self::$nextcloud->url . '/index.php/apps/mcp_companion/?point=12',
			'icon' => '',
			'rounded' => false,
			'attributes' => ['doc_type' => 'file', 'doc_id' => '3481'],
		], $entries[0]);
		$this->assertSame(['/apps/mcp_companion/img/type-note.svg', 'https://cloud.example.com/index.php/apps/notes/note/77'], [$entries[1]['thumbnailUrl'], $entries[1]['resourceUrl']]);
		// No link of its own: the search page.
		$this->assertSame(['/apps/mcp_companion/img/type-calendar_item.svg', self::$nextcloud->url . '/index.php/apps/mcp_companion/'], [$entries[2]['thumbnailUrl'], $entries[2]['resourceUrl']]);
		foreach (['type-pdf.svg', 'type-note.svg', 'type-calendar_item.svg', 'type-file.svg', 'type-deck_card.svg', 'type-news_item.svg', 'type-contact.svg'] as $icon) {
			$this->assertFileExists(self::REPO_ROOT . '/img/' . $icon);
		}
	}

	public function testAFullPageIsPaginatedWithTheNextOffsetAsCursor(): void {
		$this->signInAndForgetItsRequests();

		$result = $this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery('budget', 3, 6))->jsonSerialize();

		$this->assertSame([true, 9], [$result['isPaginated'], $result['cursor']]);
		$this->assertSame(6, json_decode($this->upstreamRequests('/api/v1/knowledge/search')[0]['body'], true)['offset']);
	}

	public function testLinksThatAreNotHttpBecomeTheSearchPage(): void {
		$this->signInAndForgetItsRequests();
		$this->changeUpstreamBehaviour(['knowledge_answer' => [200, ['results' => [
			['doc_type' => 'note', 'doc_id' => '1', 'title' => 'x', 'mime_type' => 'text/markdown', 'excerpt' => 'x', 'link' => 'javascript:alert(1)', 'metadata' => []],
		]]]]);

		$result = $this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery('x'))->jsonSerialize();

		$this->assertSame(self::$nextcloud->url . '/index.php/apps/mcp_companion/', $result['entries'][0]->jsonSerialize()['resourceUrl']);
	}

	public function testFindsNothingWithoutASignInAndAsksNoOne(): void {
		$result = $this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery('budget'))->jsonSerialize();

		$this->assertSame([[], false], [$result['entries'], $result['isPaginated']]);
		$this->assertSame([], $this->upstreamRequests('/api/v1/'));
	}

	public function testFindsNothingWhenTheSidecarIsDownOrRefuses(): void {
		$this->signInAndForgetItsRequests();
		$this->changeUpstreamBehaviour(['knowledge_answer' => [404, ['error' => 'not_found', 'message' => 'The knowledge index is off.', 'request_id' => 'x']]]);
		$refused = $this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery('budget'))->jsonSerialize();
		$this->saveSettings(serverUrl: $this->unreachableUrl());
		$down = $this->searchProvider->search(new StaticUser('alice'), new SimpleSearchQuery('budget'))->jsonSerialize();

		$this->assertSame([[], []], [$refused['entries'], $down['entries']]);
	}

	public function testComesFirstOnTheSearchPageAndAfterNextcloudsOwnElsewhere(): void {
		$this->assertSame(['mcp_companion_knowledge', -1, 60], [
			$this->searchProvider->getId(),
			$this->searchProvider->getOrder('mcp_companion.page.search', []),
			$this->searchProvider->getOrder('files.view.index', []),
		]);
	}

	private function signInAndForgetItsRequests(): void {
		$this->signIn();
		@unlink(self::$stateDir . '/requests.jsonl');
	}
}

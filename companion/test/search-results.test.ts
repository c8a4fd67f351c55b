// How the search page shapes hits for people: the relevance cut-off, grouping by document, readable excerpts
// (no Markdown, no repeated title, times in the user's locale and zone) and the remembered form choices.
import { afterEach, describe, expect, it } from 'vitest'
import type { SearchResult } from '../src/api/knowledge'
import { groupByDocument } from '../src/search/document-groups'
import { localiseTimes, readableExcerpt, stripMarkdown } from '../src/search/excerpt-text'
import { splitByRelevance } from '../src/search/relevance'
import { loadSearchPreferences, saveSearchPreferences } from '../src/search/search-preferences'

function hit(pointId: string, docId: string, score: number, relevance = score): SearchResult {
	return {
		point_id: pointId,
		doc_type: 'file',
		doc_id: docId,
		title: `${docId}.md`,
		score,
		relevance,
		mime_type: 'text/markdown',
		chunk_start_offset: 0,
		chunk_end_offset: 10,
		chunk_index: 0,
		total_chunks: 1,
		page_number: null,
		page_count: null,
		excerpt: '',
		link: null,
		metadata: {},
	}
}

afterEach(() => window.localStorage.clear())

describe('the relevance cut-off', () => {
	it('holds back hits below the sidecar’s cut-off, by their relevance and not their rank score', () => {
		const results = [hit('1', 'a', 1, 0.6), hit('2', 'b', 0.9, 0.25), hit('3', 'c', 0.8, 0.1)]
		const split = splitByRelevance({ results, relevance_cutoff: 0.2 })

		expect(split.close.map((result) => result.point_id)).toEqual(['1', '2'])
		expect(split.weaker.map((result) => result.point_id)).toEqual(['3'])
	})

	it('finds no close match when every hit is below the cut-off, though the best scores 1 in its ranking', () => {
		const results = [hit('1', 'a', 1, 0.12), hit('2', 'b', 0.9, 0.05), hit('3', 'c', 0.5, 0.04)]
		const split = splitByRelevance({ results, relevance_cutoff: 0.2 })

		expect(split.close).toEqual([])
		expect(split.weaker).toHaveLength(3)
	})

	it('shows nothing before an answer', () => {
		expect(splitByRelevance(null)).toEqual({ close: [], weaker: [] })
	})
})

describe('grouping by document', () => {
	it('shows each document once, its best hit first and the others under it', () => {
		const groups = groupByDocument([
			hit('1', 'pdf', 0.4),
			hit('2', 'soup', 0.8),
			hit('3', 'pdf', 0.6),
			hit('4', 'pdf', 0.2),
		])

		expect(groups.map((group) => [group.best.point_id, group.more.map((result) => result.point_id)])).toEqual([
			['2', []],
			['3', ['1', '4']],
		])
	})
})

describe('readable excerpts', () => {
	it('drops Markdown marks and keeps the words', () => {
		expect(stripMarkdown('# Soup\n\n- **Tomatoes**, _basil_ and `cream`\n> see [the recipe](http://x/y)')).toBe(
			'Soup Tomatoes, basil and cream see the recipe',
		)
	})

	it('leaves text without Markdown as it is, tags included', () => {
		expect(stripMarkdown('Tomato soup: roast the <b>tomatoes</b> at 200 * 2 degrees')).toBe(
			'Tomato soup: roast the <b>tomatoes</b> at 200 * 2 degrees',
		)
	})

	it('does not repeat the title at the start of the excerpt', () => {
		expect(readableExcerpt('# Packing list\nPassport and boots', 'Packing list')).toBe('Passport and boots')
		expect(readableExcerpt('lighthouse: the budget', 'lighthouse.pdf')).toBe('the budget')
		expect(readableExcerpt('Lighthouse restoration\nThe budget', 'lighthouse.pdf')).toBe(
			'Lighthouse restoration The budget',
		)
	})

	it('shows ISO times in the user’s locale and time zone', () => {
		const shown = localiseTimes('Meeting at 2026-12-02T09:00:00Z in the hall', 'Europe/Berlin')

		expect(shown).not.toContain('2026-12-02T09:00:00Z')
		expect(shown).toContain('10:00')
		expect(shown).toMatch(/^Meeting at .*2026.* in the hall$/)
	})
})

describe('the remembered search choices', () => {
	it('come back as saved', () => {
		saveSearchPreferences({ algorithm: 'bm25', fusion: 'dbsf', docTypes: ['note'], alsoNextcloud: true })

		expect(loadSearchPreferences()).toEqual({
			algorithm: 'bm25',
			fusion: 'dbsf',
			docTypes: ['note'],
			alsoNextcloud: true,
		})
	})

	it('fall back to the defaults when nothing or something unreadable is stored', () => {
		window.localStorage.setItem('mcp_companion:search-preferences', '{"algorithm":"magic","docTypes":["x"]')

		expect(loadSearchPreferences()).toEqual({
			algorithm: 'hybrid',
			fusion: 'rrf',
			docTypes: null,
			alsoNextcloud: false,
		})
	})
})

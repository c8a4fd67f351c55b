// Search page: the search request, highlighted excerpts, the states around a search, keyboard use, the viewer.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import SearchPage from '../src/components/search/SearchPage.vue'
import { splitAtQueryWords } from '../src/highlight'
import { startFakeServer, type FakeServer } from './fake-server'
import { findInDocument, resetPageShell, setInitialState, setPageQuery } from './page-shell'

const SIGNED_IN = {
	signedIn: true,
	loginUrl: '/index.php/apps/mcp_companion/oauth/login?target=search',
	docTypes: ['file', 'note'],
}

const soup = {
	point_id: '11',
	doc_type: 'file',
	doc_id: '301',
	title: 'soup.md',
	score: 0.91,
	relevance: 0.91,
	mime_type: 'text/markdown',
	chunk_start_offset: 0,
	chunk_end_offset: 40,
	chunk_index: 0,
	total_chunks: 1,
	page_number: null,
	page_count: null,
	excerpt: 'Tomato soup: roast the <b>tomatoes</b>',
	link: 'http://cloud.example/index.php/f/301',
	metadata: { file_path: '/Recipes/soup.md' },
}
const report = {
	...soup,
	point_id: '12',
	doc_id: '302',
	title: 'report.pdf',
	mime_type: 'application/pdf',
	page_number: 2,
	page_count: 3,
	excerpt: 'The soup budget',
	link: 'javascript:alert(1)',
	metadata: { file_path: '/Reports/report.pdf' },
}
const answer = {
	results: [soup, report],
	total_found: 2,
	total_found_is_lower_bound: false,
	no_close_matches: false,
	relevance_cutoff: 0.2,
	offset: 0,
	limit: 20,
}

let server: FakeServer
let wrapper: VueWrapper | undefined

beforeEach(() => {
	resetPageShell()
	server = startFakeServer()
	server.answer('GET', 'knowledge/status', 200, { state: 'active', documents: 2, chunks: 2, queued: 0, failed: 0 })
})

afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
})

async function mountPage(state: object = SIGNED_IN): Promise<VueWrapper> {
	setInitialState('search', state)
	// Nextcloud's layout has the element NcContent teleports its keyboard help into.
	document.body.insertAdjacentHTML('beforeend', '<div id="skip-actions"></div>')
	wrapper = mount(SearchPage, { attachTo: document.body })
	await flushPromises()
	return wrapper
}

async function searchFor(page: VueWrapper, query: string): Promise<void> {
	await page.find('input[type="text"], input:not([type])').setValue(query)
	await page.find('form').trigger('submit')
	await flushPromises()
}

describe("a link from Nextcloud's search bar", () => {
	it('opens the linked point in the viewer at once', async () => {
		setPageQuery('?point=42')
		server.answer('POST', 'knowledge/search/points', 200, { results: [{ ...report, point_id: '42' }] })
		server.answer('GET', 'knowledge/chunk-context', 200, {
			before: '',
			text: 'The soup budget',
			after: '',
			has_more_before: false,
			has_more_after: false,
		})
		server.answer('GET', 'pdf-preview', 200, {
			image: '',
			mime_type: 'image/png',
			page_number: 1,
			total_pages: 1,
			width: 1,
			height: 1,
		})

		await mountPage()

		expect(server.requestsTo('POST', 'knowledge/search/points').map((request) => request.body)).toEqual([
			{ point_ids: ['42'] },
		])
		expect(findInDocument('result-viewer')).not.toBeNull()
	})

	it('ignores a point that is not a point id', async () => {
		setPageQuery('?point=..%2F1')

		await mountPage()

		expect(server.requestsTo('POST', 'knowledge/search/points')).toEqual([])
	})
})

describe('searching', () => {
	it('sends the query, algorithm, fusion and the offered types, and lists the hits with the words marked', async () => {
		server.answer('POST', 'knowledge/search', 200, answer)
		const page = await mountPage()

		await searchFor(page, 'tomato soup')

		expect(server.requestsTo('POST', 'knowledge/search')[0]?.body).toEqual({
			query: 'tomato soup',
			algorithm: 'hybrid',
			fusion: 'rrf',
			limit: 20,
			doc_types: ['file', 'note'],
			include_pca: false,
		})
		expect(page.findAll('[data-test="search-result"]')).toHaveLength(2)
		const excerpt = page.find('[data-test="search-result-excerpt"]')
		expect(excerpt.findAll('mark').map((mark) => mark.text())).toEqual(['Tomato', 'soup', 'tomato'])
		expect(excerpt.find('b').exists()).toBe(false)
		expect(excerpt.text()).toContain('<b>tomatoes</b>')
	})

	it('links a hit to its app, and never links a javascript: address', async () => {
		server.answer('POST', 'knowledge/search', 200, answer)
		const page = await mountPage()

		await searchFor(page, 'soup')

		const links = page.findAll('a').map((link) => link.attributes('href'))
		expect(links).toContain('http://cloud.example/index.php/f/301')
		expect(links.some((href) => href?.startsWith('javascript:'))).toBe(false)
	})

	it('says when nothing was found', async () => {
		server.answer('POST', 'knowledge/search', 200, { ...answer, results: [], total_found: 0 })
		const page = await mountPage()

		await searchFor(page, 'zebra')

		expect(page.find('[data-test="search-empty"]').exists()).toBe(true)
	})

	it('shows the server message of a failed search', async () => {
		server.answer('POST', 'knowledge/search', 400, {
			error: 'invalid_input',
			message: 'query is too long.',
			request_id: 'r1',
		})
		const page = await mountPage()

		await searchFor(page, 'soup')

		expect(page.find('[data-test="search-error"]').text()).toBe('query is too long.')
	})

	it('keeps the newest answer when an earlier search answers after it', async () => {
		const sendEarlierAnswer = server.answerLater('POST', 'knowledge/search', 200, answer)
		const page = await mountPage()
		await searchFor(page, 'soup')
		server.answer('POST', 'knowledge/search', 200, { ...answer, results: [report], total_found: 1 })
		await searchFor(page, 'budget')

		sendEarlierAnswer()
		await flushPromises()

		expect(page.findAll('[data-test="search-result"]').map((item) => item.text())).toEqual([
			expect.stringContaining('report.pdf'),
		])
		expect(page.find('[data-test="search-loading"]').exists()).toBe(false)
	})

	it('offers the sign-in when the companion answers 401 with login_url', async () => {
		server.answer('POST', 'knowledge/search', 401, {
			error: 'sign_in_required',
			message: 'Sign in.',
			login_url: '/login?x=1',
		})
		const page = await mountPage()

		await searchFor(page, 'soup')

		expect(page.find('[data-test="search-sign-in"] a').attributes('href')).toBe('/login?x=1')
	})

	it('offers the sign-in at once for a signed-out user', async () => {
		const page = await mountPage({ ...SIGNED_IN, signedIn: false })

		expect(page.find('[data-test="search-sign-in"] a').attributes('href')).toBe(SIGNED_IN.loginUrl)
		expect(server.requestsTo('GET', 'knowledge/status')).toHaveLength(0)
	})

	it('says the sync is still running while documents are queued', async () => {
		server.answer('GET', 'knowledge/status', 200, { state: 'active', documents: 2, chunks: 2, queued: 7, failed: 0 })

		const page = await mountPage()

		expect(page.find('[data-test="search-sync-running"]').text()).toContain('7')
	})
})

describe('keyboard and viewer', () => {
	it('moves the active result with the arrow keys', async () => {
		server.answer('POST', 'knowledge/search', 200, answer)
		const page = await mountPage()
		await searchFor(page, 'soup')

		await page.find('[data-test="search-results"]').trigger('keydown', { key: 'ArrowDown' })
		await page.find('[data-test="search-results"]').trigger('keydown', { key: 'ArrowDown' })

		const active = page.findAll('[data-test="search-result"]').map((item) => item.classes('result--active'))
		expect(active).toEqual([false, true])
	})

	it('opens a PDF hit at the page of the match, and the arrow key turns the page', async () => {
		server.answer('POST', 'knowledge/search', 200, answer)
		server.answer('GET', 'pdf-preview', 200, {
			image: 'iVBORw0KGgo=',
			mime_type: 'image/png',
			page_number: 2,
			total_pages: 3,
			width: 100,
			height: 140,
		})
		server.answer('GET', 'knowledge/chunk-context', 200, {
			title: 'report.pdf',
			text: 'The soup budget',
			before: 'Intro ',
			after: ' ends.',
			has_more_before: false,
			has_more_after: false,
			page_number: 2,
			page_count: 3,
		})
		const page = await mountPage()
		await searchFor(page, 'soup')

		await page.findAll('[data-test="search-result-title"]')[1]!.trigger('click')
		await flushPromises()

		expect(findInDocument('pdf-page-label')?.textContent).toContain('Page 2 of 3')
		expect(findInDocument('chunk-context')?.textContent).toContain('Intro')
		window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }))
		await flushPromises()
		expect(server.requests.filter((r) => r.path.startsWith('pdf-preview')).length).toBe(2)
	})
})

describe('splitAtQueryWords', () => {
	it('gives the text back in pieces, matching any case, and treats regex characters as text', () => {
		const pieces = splitAtQueryWords('Costs (EUR) rose; costs.*', 'costs (eur')

		expect(pieces.map((piece) => piece.text).join('')).toBe('Costs (EUR) rose; costs.*')
		expect(pieces.filter((piece) => piece.isMatch).map((piece) => piece.text)).toEqual(['Costs', 'EUR', 'costs'])
	})
})

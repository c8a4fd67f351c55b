// The companion's copies of the MCP server's API equal its description, sidecar/openapi.json: the document types,
// algorithms and fusions it offers, the PDF page and zoom bounds it keeps to, the fields it reads; and the search page
// renders the contract fixtures of the server's answers (which the server's tests validate against the same file).
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import openapi from '../../sidecar/openapi.json'
import chunkContext from '../../test/contract/sidecar-chunk-context.json'
import pdfPage from '../../test/contract/sidecar-pdf-preview.json'
import searchPoints from '../../test/contract/sidecar-search-points.json'
import searchAnswer from '../../test/contract/sidecar-search.json'
import searchWithNextcloud from '../../test/contract/sidecar-search-nextcloud.json'
import {
	ALGORITHMS,
	DOC_TYPES,
	FUSIONS,
	MAX_PDF_PAGE,
	SEARCH_SOURCES,
	type ChunkContext,
	type NextcloudHit,
	type NextcloudSearch,
	type PdfPage,
	type SearchAnswer,
	type SearchResult,
	type SourceStatus,
	type SyncStatus,
} from '../src/api/knowledge'
import SearchPage from '../src/components/search/SearchPage.vue'
import { PDF_SCALES } from '../src/composables/usePdfPages'
import { startFakeServer, type FakeServer } from './fake-server'
import { findInDocument, resetPageShell, setInitialState, setPageQuery } from './page-shell'

type Schema = { enum?: unknown[]; properties?: Record<string, unknown>; minimum?: number; maximum?: number }
const schemas = openapi.components.schemas as Record<string, Schema>
const previewParameter = (name: string): Schema =>
	openapi.paths['/api/v1/pdf-preview'].get.parameters.find((parameter) => parameter.name === name)!.schema as Schema
const sorted = (values: readonly unknown[]) => [...values].map(String).sort()
/** The fields of one of the companion's types; the compiler makes the list complete and exact. */
const fieldsOf = <T>(fields: Record<keyof T, true>) => Object.keys(fields)

describe('the names and bounds the companion keeps to', () => {
	it('offers the document types, algorithms and fusions of the MCP server', () => {
		const ours = [DOC_TYPES, ALGORITHMS, FUSIONS].map(sorted)

		expect(ours).toEqual(['DocType', 'Algorithm', 'Fusion'].map((name) => sorted(schemas[name]!.enum!)))
	})

	it('asks for the sources the MCP server offers', () => {
		const sources = schemas.SearchRequest!.properties!.sources as { items: { enum: string[] } }

		expect(sorted(SEARCH_SOURCES)).toEqual(sorted(sources.items.enum))
	})

	it('asks for PDF pages and zoom steps within the bounds of the MCP server', () => {
		const page = previewParameter('page')
		const scale = previewParameter('scale')

		expect([PDF_SCALES[0], PDF_SCALES.at(-1)]).toEqual([scale.minimum, scale.maximum])
		expect(MAX_PDF_PAGE).toBe(page.maximum)
	})

	it('reads only fields the MCP server documents', () => {
		const read = {
			SearchResult: fieldsOf<SearchResult>({
				point_id: true,
				doc_type: true,
				doc_id: true,
				title: true,
				score: true,
				relevance: true,
				mime_type: true,
				chunk_start_offset: true,
				chunk_end_offset: true,
				chunk_index: true,
				total_chunks: true,
				page_number: true,
				page_count: true,
				excerpt: true,
				link: true,
				metadata: true,
				pca: true,
			}),
			SearchAnswer: fieldsOf<SearchAnswer>({
				results: true,
				total_found: true,
				total_found_is_lower_bound: true,
				no_close_matches: true,
				relevance_cutoff: true,
				offset: true,
				limit: true,
				fallback: true,
				pca: true,
				nextcloud: true,
			}),
			NextcloudSearch: fieldsOf<NextcloudSearch>({
				status: true,
				message: true,
				results: true,
				merged: true,
				providers: true,
				failed: true,
				skipped: true,
			}),
			NextcloudHit: fieldsOf<NextcloudHit>({
				provider_id: true,
				provider_name: true,
				title: true,
				subline: true,
				link: true,
				file_id: true,
				path: true,
			}),
			ChunkContext: fieldsOf<ChunkContext>({
				title: true,
				text: true,
				before: true,
				after: true,
				has_more_before: true,
				has_more_after: true,
				page_number: true,
				page_count: true,
			}),
			PdfPage: fieldsOf<PdfPage>({
				image: true,
				mime_type: true,
				page_number: true,
				total_pages: true,
				width: true,
				height: true,
			}),
			SyncStatus: fieldsOf<SyncStatus>({
				state: true,
				paused_reason: true,
				documents: true,
				chunks: true,
				queued: true,
				failed: true,
				embedder: true,
				sources: true,
			}),
			SourceStatus: fieldsOf<SourceStatus>({ skipped: true, partial: true }),
		}

		const undocumented = Object.entries(read).flatMap(([name, fields]) =>
			fields.filter((field) => !(field in schemas[name]!.properties!)).map((field) => `${name}.${field}`),
		)

		expect(undocumented).toEqual([])
	})
})

describe('the search page fed the contract fixtures', () => {
	let server: FakeServer
	let wrapper: VueWrapper | undefined

	beforeEach(() => {
		resetPageShell()
		server = startFakeServer()
		server.answer('GET', 'knowledge/status', 200, { state: 'active', documents: 3, chunks: 3, queued: 0, failed: 0 })
		server.answer('POST', 'knowledge/search', 200, searchAnswer)
		server.answer('POST', 'knowledge/search/points', 200, searchPoints)
		server.answer('GET', 'knowledge/chunk-context', 200, chunkContext)
		server.answer('GET', 'pdf-preview', 200, pdfPage)
		setInitialState('search', { signedIn: true, loginUrl: '/login', docTypes: [...DOC_TYPES] })
	})

	afterEach(() => {
		wrapper?.unmount()
		wrapper = undefined
		server.stop()
	})

	it('lists every result of a search, a result without a link among them', async () => {
		wrapper = mount(SearchPage, { attachTo: document.body })
		await flushPromises()

		await wrapper.find('input[type="text"], input:not([type])').setValue('quarterly budget')
		await wrapper.find('form').trigger('submit')
		await flushPromises()

		expect(wrapper.findAll('[data-test="search-result"] .result__title').map((title) => title.text())).toEqual(
			searchAnswer.results.map((result) => result.title),
		)
	})

	it('asks Nextcloud too with the switch on and lists its hits in a group of their own', async () => {
		server.answer('POST', 'knowledge/search', 200, searchWithNextcloud)
		wrapper = mount(SearchPage, { attachTo: document.body })
		await flushPromises()

		await wrapper.find('input[data-test="search-also-nextcloud"]').setValue(true)
		await wrapper.find('input[type="text"], input:not([type])').setValue('zeppelin')
		await wrapper.find('form').trigger('submit')
		await flushPromises()

		expect(server.requestsTo('POST', 'knowledge/search').at(-1)?.body).toMatchObject({
			sources: ['index', 'nextcloud'],
		})
		expect(wrapper.findAll('[data-test="search-result"] .result__title').map((title) => title.text())).toEqual([
			'roadmap.md',
		])
		expect(wrapper.findAll('[data-test="search-nextcloud-hit"] a').map((link) => link.text())).toEqual(
			searchWithNextcloud.nextcloud.results.map((hit) => hit.title),
		)
		expect(wrapper.find('[data-test="search-nextcloud-unanswered"]').text()).toContain('calendar')
	})

	it('opens a point in the viewer with its chunk context and its PDF page', async () => {
		setPageQuery(`?point=${searchPoints.results[0]!.point_id}`)

		wrapper = mount(SearchPage, { attachTo: document.body })
		await flushPromises()

		expect(findInDocument('chunk-context')?.textContent).toContain(chunkContext.text)
		expect(findInDocument('pdf-page-image')?.getAttribute('src')).toContain(pdfPage.image)
	})
})

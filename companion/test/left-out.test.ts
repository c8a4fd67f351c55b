// The search page's line about documents the search cannot find or finds only in part: the sync status's counts by
// reason code in words, unknown codes counted under a generic phrase, and nothing when every document is searchable.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import SearchPage from '../src/components/search/SearchPage.vue'
import { startFakeServer, type FakeServer } from './fake-server'
import { resetPageShell, setInitialState } from './page-shell'

const NOTHING_LEFT_OUT = { skipped: {}, partial: {} }
const statusWith = (sources: object) => ({
	state: 'active',
	documents: 5,
	chunks: 9,
	queued: 0,
	failed: 0,
	sources: {
		file: NOTHING_LEFT_OUT,
		note: NOTHING_LEFT_OUT,
		deck_card: NOTHING_LEFT_OUT,
		calendar_item: NOTHING_LEFT_OUT,
		news_item: NOTHING_LEFT_OUT,
		contact: NOTHING_LEFT_OUT,
		...sources,
	},
})

let server: FakeServer
let wrapper: VueWrapper | undefined

beforeEach(() => {
	resetPageShell()
	server = startFakeServer()
})

afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
})

async function mountWith(status: object): Promise<VueWrapper> {
	server.answer('GET', 'knowledge/status', 200, status)
	setInitialState('search', { signedIn: true, loginUrl: '/login', docTypes: ['file', 'note', 'calendar_item'] })
	document.body.insertAdjacentHTML('beforeend', '<div id="skip-actions"></div>')
	wrapper = mount(SearchPage, { attachTo: document.body })
	await flushPromises()
	return wrapper
}

const lines = (page: VueWrapper) => page.findAll('[data-test="search-left-out-line"]').map((line) => line.text())

describe('the line about documents left out of the search', () => {
	it('says per type how many files are not searchable and why, most frequent reason first', async () => {
		const page = await mountWith(
			statusWith({ file: { skipped: { 'too large': 2, 'unsupported type': 10 }, partial: {} } }),
		)

		expect(page.find('[data-test="search-left-out-summary"]').text()).toContain('Documents not searchable: 12')
		expect(lines(page)).toEqual(['Files: 12 not searchable: 10 of a type that cannot be read yet, 2 too large'])
	})

	it('names the documents indexed only in part, with the limit that cut them', async () => {
		const page = await mountWith(
			statusWith({
				file: {
					skipped: {},
					partial: { 'PDF: text beyond the character limit': 3, 'text beyond 5000 chunks': 1 },
				},
			}),
		)

		expect(page.find('[data-test="search-left-out-summary"]').text()).toContain('Searchable only in part: 4')
		expect(lines(page)).toEqual([
			'Files: 4 searchable only in part: 3 PDFs with more text than the limit, 1 longer than the index keeps',
		])
	})

	it('says which scans OCR left out or read only in part, and why', async () => {
		const page = await mountWith(
			statusWith({
				file: {
					skipped: { 'image: OCR is off': 4, 'image: has too many pixels for OCR': 1 },
					partial: { 'PDF: scanned pages not read (OCR is off)': 2, 'PDF: a scanned page took too long for OCR': 1 },
				},
			}),
		)

		expect(lines(page)).toEqual([
			'Files: 5 not searchable: 4 images, because reading scans (OCR) is off, 1 images that OCR could not read',
			'Files: 3 searchable only in part: 2 PDFs with scanned pages, because reading scans (OCR) is off, 1 scans with a page that OCR could not read',
		])
	})

	it('puts the reasons of documents that could not be read in words', async () => {
		const skipped = {
			'corrupt file': 1,
			encrypted: 2,
			'zip bomb': 3,
			'too many entries': 4,
			'took too long to read': 5,
			'needs too much memory': 6,
			'not text': 7,
		}
		const page = await mountWith(statusWith({ file: { skipped, partial: { 'text beyond the character limit': 1 } } }))

		expect(lines(page)).toEqual([
			'Files: 28 not searchable: 7 that are not text although their name says so, 6 that need too much memory to read, ' +
				'5 that took too long to read, 4 made of too many parts, 3 that would unpack to far more than their size, ' +
				'2 protected with a password, 1 damaged or not in the format their name says',
			'Files: 1 searchable only in part: 1 documents with more text than the limit',
		])
	})

	it('counts reason codes it does not know under a generic phrase', async () => {
		const page = await mountWith(
			statusWith({
				file: { skipped: { 'too large': 1, 'a reason from a newer server': 2, 'another new one': 3 }, partial: {} },
				calendar_item: { skipped: { 'neither an event nor a task': 4 }, partial: {} },
			}),
		)

		expect(page.find('[data-test="search-left-out-summary"]').text()).toContain('Documents not searchable: 10')
		expect(lines(page)).toEqual([
			'Files: 6 not searchable: 1 too large, 5 for another reason',
			'Calendar: 4 not searchable: 4 neither an event nor a task',
		])
	})

	it('keeps the reasons behind a closed disclosure, so that it takes one line', async () => {
		const page = await mountWith(statusWith({ file: { skipped: { 'too large': 1 }, partial: {} } }))

		const details = page.find('details[data-test="search-left-out"]')
		expect(details.exists()).toBe(true)
		expect((details.element as HTMLDetailsElement).open).toBe(false)
	})

	it('shows nothing when every document is searchable', async () => {
		const page = await mountWith(statusWith({}))

		expect(page.find('[data-test="search-left-out"]').exists()).toBe(false)
	})

	it('shows nothing when the status has no sources', async () => {
		const page = await mountWith({ state: 'active', documents: 2, chunks: 2, queued: 0, failed: 0 })

		expect(page.find('[data-test="search-left-out"]').exists()).toBe(false)
	})
})

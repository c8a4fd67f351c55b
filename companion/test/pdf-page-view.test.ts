// The PDF viewer opens a page fitted to its width (never cut off on a narrow screen), and zooming shows the page at
// the rendered scale's size until the user fits it again.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import pdfPage from '../../test/contract/sidecar-pdf-preview.json'
import PdfPageView from '../src/components/search/PdfPageView.vue'
import { startFakeServer, type FakeServer } from './fake-server'
import { resetPageShell } from './page-shell'

let server: FakeServer
let wrapper: VueWrapper | undefined

beforeEach(() => {
	resetPageShell()
	server = startFakeServer()
	server.answer('GET', 'pdf-preview', 200, pdfPage)
})
afterEach(() => {
	wrapper?.unmount()
	wrapper = undefined
	server.stop()
})

async function openViewer(): Promise<VueWrapper> {
	wrapper = mount(PdfPageView, {
		props: { filePath: '/Reports/lighthouse.pdf', title: 'lighthouse.pdf', startPage: 1 },
		attachTo: document.body,
	})
	await flushPromises()
	return wrapper
}

const image = (view: VueWrapper) => view.find('[data-test="pdf-page-image"]').element as HTMLImageElement
const zoomLabel = (view: VueWrapper) => view.find('[data-test="pdf-zoom-label"]').text()

describe('the PDF viewer', () => {
	it('opens the page fitted to its width', async () => {
		const view = await openViewer()

		expect(zoomLabel(view)).toBe('Fit to width')
		expect(image(view).style.maxWidth).toBe('100%')
		expect(view.find('[data-test="pdf-fit-width"]').exists()).toBe(false)
	})

	it('shows the page at its rendered size after a zoom, and fits it again on request', async () => {
		const view = await openViewer()

		await view.find('[data-test="pdf-zoom-in"]').trigger('click')
		await flushPromises()
		const zoomed = { label: zoomLabel(view), maxWidth: image(view).style.maxWidth }
		await view.find('[data-test="pdf-fit-width"]').trigger('click')
		await flushPromises()

		expect(zoomed).toEqual({ label: 'Zoom 200%', maxWidth: '' })
		expect(zoomLabel(view)).toBe('Fit to width')
		expect(image(view).style.maxWidth).toBe('100%')
		expect(server.requestsTo('GET', 'pdf-preview')).toHaveLength(2)
	})
})

// Loads the pages of one PDF as the MCP server renders them, with page navigation and zoom.
import { computed, ref } from 'vue'
import { fetchPdfPage, MAX_PDF_PAGE, type PdfPage } from '../api/knowledge'
import { readKnowledgeErrorMessage } from '../api/knowledge-error'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

/** Zoom steps, as the scale the server renders at (0.5–5.0). */
export const PDF_SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5] as const
const DEFAULT_SCALE_INDEX = 4

export function usePdfPages(filePath: string) {
	const {
		state: page,
		busy: loading,
		error,
		run,
	} = useAsyncState<PdfPage>({
		logFailure: (failure) => logger.error('Could not load a PDF page', { error: failure }),
		describeFailure: readKnowledgeErrorMessage,
		newestOnly: true,
	})
	const pageNumber = ref(1)
	const scaleIndex = ref(DEFAULT_SCALE_INDEX)
	/** The page is shown no wider than the viewer (the default); zooming shows it at the scale's size. */
	const fitWidth = ref(true)

	const scale = computed(() => PDF_SCALES[scaleIndex.value] ?? 1.5)
	const totalPages = computed(() => page.value?.total_pages ?? null)
	const imageUrl = computed(() => (page.value ? `data:image/png;base64,${page.value.image}` : null))
	const canGoBack = computed(() => pageNumber.value > 1)
	const canGoForward = computed(() => totalPages.value === null || pageNumber.value < totalPages.value)
	const canZoomIn = computed(() => scaleIndex.value < PDF_SCALES.length - 1)
	const canZoomOut = computed(() => scaleIndex.value > 0)

	/** Only the newest page asked for is shown when loads overlap. */
	async function load(): Promise<void> {
		const loaded = await run(() => fetchPdfPage(filePath, pageNumber.value, scale.value))
		if (loaded) {
			pageNumber.value = loaded.page_number
		}
	}

	async function goTo(target: number): Promise<void> {
		const last = totalPages.value ?? Number.MAX_SAFE_INTEGER
		pageNumber.value = Math.min(Math.max(1, Math.trunc(target)), last, MAX_PDF_PAGE)
		await load()
	}

	async function zoomBy(steps: number): Promise<void> {
		const next = Math.min(Math.max(0, scaleIndex.value + steps), PDF_SCALES.length - 1)
		fitWidth.value = false
		if (next !== scaleIndex.value) {
			scaleIndex.value = next
			await load()
		}
	}

	return {
		page,
		pageNumber,
		scale,
		fitWidth,
		totalPages,
		imageUrl,
		loading,
		error,
		canGoBack,
		canGoForward,
		canZoomIn,
		canZoomOut,
		goTo,
		next: () => (canGoForward.value ? goTo(pageNumber.value + 1) : Promise.resolve()),
		previous: () => (canGoBack.value ? goTo(pageNumber.value - 1) : Promise.resolve()),
		zoomIn: () => zoomBy(1),
		zoomOut: () => zoomBy(-1),
		fitToWidth: () => {
			fitWidth.value = true
		},
	}
}

// Draws search results and the query as a 3D scatter plot with plotly.js's gl3d bundle, loaded on first use only.
import type { PlotlyElement, PlotlyEvent } from 'plotly.js-gl3d-dist-min'

export interface MapPoint {
	id: string
	label: string
	position: [number, number, number]
}

export interface ScatterMapOptions {
	points: MapPoint[]
	query: { label: string; position: [number, number, number] }
	/** Names of the three axes, e.g. "PC1 (42%)". */
	axisTitles: [string, string, string]
	colors: { point: string; highlight: string; query: string; text: string }
	onHover: (id: string | null) => void
	onSelect: (id: string) => void
}

export interface ScatterMap {
	/** Enlarges and colours the point of this result (null: none). */
	highlight(id: string | null): Promise<void>
	destroy(): void
}

const POINT_SIZE = 7
const HIGHLIGHT_SIZE = 14

export async function drawScatterMap(element: HTMLElement, options: ScatterMapOptions): Promise<ScatterMap> {
	const { default: Plotly } = await import('plotly.js-gl3d-dist-min')
	const ids = options.points.map((point) => point.id)
	const plot = await Plotly.newPlot(element, buildTraces(options), buildLayout(options), {
		displaylogo: false,
		responsive: true,
		modeBarButtonsToRemove: ['toImage'],
	})
	const readId = (event: PlotlyEvent): string | null => {
		const point = event.points[0]
		return point?.curveNumber === 0 && typeof point.customdata === 'string' ? point.customdata : null
	}
	plot.on('plotly_hover', (event) => options.onHover(readId(event)))
	plot.on('plotly_unhover', () => options.onHover(null))
	plot.on('plotly_click', (event) => {
		const id = readId(event)
		if (id !== null) {
			options.onSelect(id)
		}
	})
	return {
		highlight: async (id) => {
			await Plotly.restyle(element, highlightStyle(ids, id, options.colors), [0])
		},
		destroy: () => {
			;(plot as PlotlyElement).removeAllListeners?.('plotly_hover')
			Plotly.purge(element)
		},
	}
}

function buildTraces(options: ScatterMapOptions): object[] {
	const { points, query, colors } = options
	const axes = (index: 0 | 1 | 2) => points.map((point) => point.position[index])
	return [
		{
			type: 'scatter3d',
			mode: 'markers',
			name: 'results',
			x: axes(0),
			y: axes(1),
			z: axes(2),
			customdata: points.map((point) => point.id),
			text: points.map((point) => point.label),
			hovertemplate: '%{text}<extra></extra>',
			...highlightStyle(
				points.map((point) => point.id),
				null,
				colors,
			),
		},
		{
			type: 'scatter3d',
			mode: 'markers',
			name: 'query',
			x: [query.position[0]],
			y: [query.position[1]],
			z: [query.position[2]],
			text: [query.label],
			hovertemplate: '%{text}<extra></extra>',
			marker: { size: 10, symbol: 'diamond', color: colors.query },
		},
	]
}

function highlightStyle(ids: string[], highlighted: string | null, colors: ScatterMapOptions['colors']): object {
	return {
		marker: {
			size: ids.map((id) => (id === highlighted ? HIGHLIGHT_SIZE : POINT_SIZE)),
			color: ids.map((id) => (id === highlighted ? colors.highlight : colors.point)),
			opacity: 0.9,
		},
	}
}

function buildLayout(options: ScatterMapOptions): object {
	const axis = (title: string) => ({ title: { text: title }, color: options.colors.text, showspikes: false })
	return {
		autosize: true,
		margin: { l: 0, r: 0, t: 0, b: 0 },
		showlegend: false,
		paper_bgcolor: 'rgba(0,0,0,0)',
		hovermode: 'closest',
		scene: {
			xaxis: axis(options.axisTitles[0]),
			yaxis: axis(options.axisTitles[1]),
			zaxis: axis(options.axisTitles[2]),
			camera: { eye: { x: 1.4, y: 1.4, z: 1.1 } },
		},
	}
}

// The part of plotly.js's gl3d bundle the search map uses (the package ships no types).
declare module 'plotly.js-gl3d-dist-min' {
	export interface PlotlyPoint {
		customdata?: unknown
		pointNumber: number
		curveNumber: number
	}
	export interface PlotlyEvent {
		points: PlotlyPoint[]
	}
	export interface PlotlyElement extends HTMLElement {
		on(event: 'plotly_hover' | 'plotly_click' | 'plotly_unhover', handler: (event: PlotlyEvent) => void): void
		removeAllListeners?(event: string): void
	}
	const Plotly: {
		newPlot(element: HTMLElement, data: object[], layout: object, config: object): Promise<PlotlyElement>
		restyle(element: HTMLElement, update: object, traces?: number[]): Promise<PlotlyElement>
		purge(element: HTMLElement): void
	}
	export default Plotly
}

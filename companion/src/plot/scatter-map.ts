// Draws search results and the query as a turnable 3D scatter on a 2D canvas: perspective projection by hand, points
// painted back to front, a title tip on pointing, selection by click, tap or keyboard. Loaded when the map is shown.
import { listenToGestures } from './map-input'
import type { ThemeColors } from './map-colors'
import {
	AXIS_EDGES,
	backToFront,
	boxCorners,
	BOX_EDGES,
	fitPositions,
	INITIAL_CAMERA,
	normalise,
	pickPoint,
	project,
	rotate,
	turn,
	zoomBy,
	type Camera,
	type Projected,
	type Vec3,
} from './projection'

export interface MapPoint {
	id: string
	label: string
	position: Vec3
	color: string
}

export interface ScatterMapOptions {
	points: MapPoint[]
	query: { label: string; position: Vec3 }
	/** Names of the three axes, e.g. "Axis 1 (42%)". */
	axisTitles: [string, string, string]
	theme: ThemeColors
	/** The canvas's accessible name: what it shows and which keys work. */
	description: string
	onHover: (id: string | null) => void
	onSelect: (id: string) => void
}

export interface ScatterMap {
	/** Enlarges and rings the point of this result (null: none). */
	highlight(id: string | null): void
	destroy(): void
}

/** Set when the first frame is on the canvas; the bench measures from `mcp_companion:map-requested` to it. */
export const FIRST_DRAW_MARK = 'mcp_companion:map-drawn'
const RADIUS = 6
const ACTIVE_RADIUS = 9
const QUERY_RADIUS = 9
const TOUCH_REACH = 22
const KEY_TURN = Math.PI / 18

interface Item {
	id: string | null
	label: string
	at: Vec3
	color: string | null
}

export function drawScatterMap(element: HTMLElement, options: ScatterMapOptions): ScatterMap {
	const canvas = document.createElement('canvas')
	const context = canvas.getContext('2d')
	if (context === null) {
		throw new Error('This browser has no 2D canvas')
	}
	const { theme } = options
	const fit = fitPositions([...options.points.map((point) => point.position), options.query.position])
	const items: Item[] = [
		...options.points.map((point) => ({
			id: point.id,
			label: point.label,
			at: normalise(point.position, fit),
			color: point.color,
		})),
		{ id: null, label: options.query.label, at: normalise(options.query.position, fit), color: null },
	]
	const corners = boxCorners(items.map((item) => item.at))
	const font = `12px ${getComputedStyle(element).fontFamily || 'sans-serif'}`
	let camera: Camera = { ...INITIAL_CAMERA }
	let projected: Projected[] = []
	let activeId: string | null = null
	let pointed: number | null = null
	let frame: number | null = null
	let size = { width: 0, height: 0 }

	canvas.className = 'scatter-map__canvas'
	canvas.tabIndex = 0
	canvas.setAttribute('role', 'application')
	canvas.setAttribute('aria-label', options.description)
	const tip = document.createElement('div')
	tip.className = 'scatter-map__tooltip'
	tip.dataset.test = 'search-map-tooltip'
	tip.hidden = true
	const announcer = document.createElement('div')
	announcer.className = 'scatter-map__announcer'
	announcer.setAttribute('role', 'status')
	element.append(canvas, tip, announcer)

	function draw(): void {
		frame = null
		const ratio = window.devicePixelRatio || 1
		size = { width: element.clientWidth, height: element.clientHeight }
		if (canvas.width !== Math.round(size.width * ratio) || canvas.height !== Math.round(size.height * ratio)) {
			canvas.width = Math.round(size.width * ratio)
			canvas.height = Math.round(size.height * ratio)
			canvas.style.width = `${size.width}px`
			canvas.style.height = `${size.height}px`
		}
		context!.setTransform(ratio, 0, 0, ratio, 0, 0)
		context!.clearRect(0, 0, size.width, size.height)
		projected = items.map((item) => project(item.at, camera, size))
		drawCube()
		for (const index of backToFront(projected)) {
			drawItem(index)
		}
		placeTip()
	}

	function drawCube(): void {
		const ends = corners.map((corner) => project(corner, camera, size))
		context!.strokeStyle = theme.grid
		context!.globalAlpha = 0.5
		context!.lineWidth = 1
		context!.beginPath()
		for (const [from, to] of BOX_EDGES) {
			context!.moveTo(ends[from]!.x, ends[from]!.y)
			context!.lineTo(ends[to]!.x, ends[to]!.y)
		}
		context!.stroke()
		context!.globalAlpha = 1
		context!.font = font
		context!.textAlign = 'center'
		context!.textBaseline = 'middle'
		context!.lineWidth = 3
		context!.strokeStyle = theme.background
		context!.fillStyle = theme.text
		for (const [axis, [from, to]] of AXIS_EDGES.entries()) {
			const title = options.axisTitles[axis]!
			// Mid-edge, but kept whole inside the canvas.
			const half = context!.measureText(title).width / 2 + 2
			const x = clamp((ends[from]!.x + ends[to]!.x) / 2, half, size.width - half)
			const y = clamp((ends[from]!.y + ends[to]!.y) / 2, 8, size.height - 8)
			context!.strokeText(title, x, y)
			context!.fillText(title, x, y)
		}
	}

	function drawItem(index: number): void {
		const item = items[index]!
		const { x, y, scale } = projected[index]!
		const isMarked = (item.id !== null && item.id === activeId) || index === pointed
		context!.beginPath()
		if (item.color === null) {
			const half = QUERY_RADIUS * scale
			context!.moveTo(x, y - half)
			context!.lineTo(x + half, y)
			context!.lineTo(x, y + half)
			context!.lineTo(x - half, y)
			context!.closePath()
		} else {
			context!.arc(x, y, (isMarked ? ACTIVE_RADIUS : RADIUS) * scale, 0, 2 * Math.PI)
		}
		context!.fillStyle = item.color ?? theme.text
		context!.fill()
		context!.lineWidth = isMarked ? 3 : 1.5
		context!.strokeStyle = isMarked ? theme.text : theme.background
		context!.stroke()
	}

	function placeTip(): void {
		const point = pointed === null ? undefined : projected[pointed]
		tip.hidden = point === undefined
		if (point !== undefined) {
			tip.textContent = items[pointed!]!.label
			tip.style.left = `${Math.round(point.x)}px`
			tip.style.top = `${Math.round(point.y)}px`
		}
	}

	function redraw(): void {
		frame ??= requestAnimationFrame(draw)
	}

	function setPointed(index: number | null, announce: boolean): void {
		if (index === pointed) {
			return
		}
		pointed = index
		const item = index === null ? undefined : items[index]
		options.onHover(item?.id ?? null)
		if (announce && item !== undefined) {
			announcer.textContent = item.label
		}
		redraw()
	}

	/** A result under the pointer first (the query's diamond must not hide the result nearest to it), else the query. */
	const pick = (at: { x: number; y: number }, reach: number): number | null => {
		const queryIndex = items.length - 1
		const result = pickPoint(projected.slice(0, queryIndex), at.x, at.y, ACTIVE_RADIUS, reach)
		const isOnQuery = pickPoint(projected.slice(queryIndex), at.x, at.y, QUERY_RADIUS, 0) !== null
		return result ?? (isOnQuery ? queryIndex : null)
	}
	const stopGestures = listenToGestures(canvas, {
		turn: (dx, dy) => {
			camera = turn(camera, dx, dy, size)
			redraw()
		},
		zoom: (factor) => {
			camera = zoomBy(camera, factor)
			redraw()
		},
		point: (at) => setPointed(at === null ? null : pick(at, RADIUS), false),
		tap: (at) => {
			const index = pick(at, TOUCH_REACH)
			setPointed(index, false)
			const id = index === null ? null : items[index]!.id
			if (id !== null) {
				options.onSelect(id)
			}
		},
	})

	function onKey(event: KeyboardEvent): void {
		const results = items.length - 1
		const step = (by: number) => {
			const from = pointed ?? (by > 0 ? -1 : 0)
			setPointed((((from + by) % results) + results) % results, true)
		}
		const move = (next: Camera) => {
			camera = next
			redraw()
		}
		const select = () => {
			const id = pointed === null ? null : items[pointed]!.id
			if (id !== null) {
				options.onSelect(id)
			}
		}
		const turnOrStep = (yaw: number, pitch: number, by: number) =>
			event.shiftKey ? move(rotate(camera, yaw, pitch)) : step(by)
		const keys: Record<string, () => void> = {
			ArrowRight: () => turnOrStep(-KEY_TURN, 0, 1),
			ArrowDown: () => turnOrStep(0, -KEY_TURN, 1),
			ArrowLeft: () => turnOrStep(KEY_TURN, 0, -1),
			ArrowUp: () => turnOrStep(0, KEY_TURN, -1),
			Home: () => setPointed(0, true),
			End: () => setPointed(results - 1, true),
			'+': () => move(zoomBy(camera, 1.25)),
			'=': () => move(zoomBy(camera, 1.25)),
			'-': () => move(zoomBy(camera, 0.8)),
			Enter: select,
			' ': select,
			Escape: () => setPointed(null, false),
		}
		const action = keys[event.key]
		if (action !== undefined && results > 0) {
			event.preventDefault()
			action()
		}
	}
	const onBlur = () => setPointed(null, false)
	canvas.addEventListener('keydown', onKey)
	canvas.addEventListener('blur', onBlur)
	const resizing = typeof ResizeObserver === 'function' ? new ResizeObserver(redraw) : null
	resizing?.observe(element)

	draw()
	performance.mark(FIRST_DRAW_MARK)
	return {
		highlight: (id) => {
			activeId = id
			redraw()
		},
		destroy: () => {
			stopGestures()
			canvas.removeEventListener('keydown', onKey)
			canvas.removeEventListener('blur', onBlur)
			resizing?.disconnect()
			if (frame !== null) {
				cancelAnimationFrame(frame)
			}
			canvas.remove()
			tip.remove()
			announcer.remove()
		},
	}
}

function clamp(value: number, low: number, high: number): number {
	return Math.max(low, Math.min(high, value))
}

// The map's pointer input, told apart into gestures: drag turns, wheel and pinch zoom, a tap or click without movement
// picks, a mouse moving without a button pressed points.

export interface GestureHandlers {
	turn(dx: number, dy: number): void
	zoom(factor: number): void
	/** (x, y) in CSS pixels within the canvas; null when the pointer left it. */
	point(at: { x: number; y: number } | null): void
	tap(at: { x: number; y: number }): void
}

/** Movement (CSS pixels) below which a press and release count as a tap, not a drag. */
const TAP_SLOP = 5
const WHEEL_ZOOM_PER_PIXEL = 0.0015

/** Listens on `canvas`; returns the function that stops listening. */
export function listenToGestures(canvas: HTMLCanvasElement, handlers: GestureHandlers): () => void {
	const pressed = new Map<number, { x: number; y: number }>()
	let travelled = 0
	/** Where the single finger or button went down, in the canvas's coordinates of that moment. */
	let pressedAt = { x: 0, y: 0 }
	let pinchDistance: number | null = null
	/** The last pointer position on the page: a "move" to the same place is the browser's, after a scroll or layout. */
	let lastClient = { x: NaN, y: NaN }
	/** Whether the user's own mouse movement points into the canvas (not the browser's, after a scroll or layout). */
	let isMousePointing = false
	const hasMoved = (event: PointerEvent) => {
		const moved = event.clientX !== lastClient.x || event.clientY !== lastClient.y
		lastClient = { x: event.clientX, y: event.clientY }
		return moved
	}

	const local = (event: PointerEvent | WheelEvent) => {
		const box = canvas.getBoundingClientRect()
		return { x: event.clientX - box.left, y: event.clientY - box.top }
	}
	const spread = () => {
		const [first, second] = [...pressed.values()]
		return first && second ? Math.hypot(first.x - second.x, first.y - second.y) : null
	}

	const onDown = (event: PointerEvent) => {
		hasMoved(event)
		canvas.setPointerCapture?.(event.pointerId)
		pressedAt = local(event)
		pressed.set(event.pointerId, pressedAt)
		travelled = pressed.size > 1 ? Infinity : 0
		pinchDistance = spread()
	}
	const onMove = (event: PointerEvent) => {
		const at = local(event)
		const previous = pressed.get(event.pointerId)
		if (previous === undefined) {
			// Only the user's own movement points: the page scrolling under a resting mouse (the list follows the
			// keys) must not take the pointing away from the keys.
			if (hasMoved(event) && event.pointerType === 'mouse') {
				isMousePointing = true
				handlers.point(at)
			}
			return
		}
		hasMoved(event)
		pressed.set(event.pointerId, at)
		if (pressed.size === 1) {
			travelled += Math.hypot(at.x - previous.x, at.y - previous.y)
			if (travelled >= TAP_SLOP) {
				handlers.turn(at.x - previous.x, at.y - previous.y)
			}
			return
		}
		const distance = spread()
		if (distance !== null && pinchDistance !== null && pinchDistance > 0) {
			handlers.zoom(distance / pinchDistance)
		}
		pinchDistance = distance
	}
	const onUp = (event: PointerEvent) => {
		hasMoved(event)
		// A tap counts where it was pressed: the page may have scrolled under the finger since.
		const wasTap = pressed.has(event.pointerId) && pressed.size === 1 && travelled < TAP_SLOP
		pressed.delete(event.pointerId)
		pinchDistance = spread()
		if (wasTap) {
			handlers.tap(pressedAt)
		}
	}
	const onCancel = (event: PointerEvent) => {
		pressed.delete(event.pointerId)
		pinchDistance = spread()
	}
	// The page scrolling the canvas away under a resting mouse (the list follows the keys) is no leaving: it must not
	// take the pointing away from the keys either.
	const onLeave = (event: PointerEvent) => {
		if (event.pointerType === 'mouse' && pressed.size === 0 && isMousePointing && hasMoved(event)) {
			isMousePointing = false
			handlers.point(null)
		}
	}
	// A tap's own click comes after the page has reacted to the selection (the list may have scrolled the chosen
	// result into view): it would land on whatever is under the finger then.
	const onTouchEnd = (event: TouchEvent) => event.preventDefault()
	const onWheel = (event: WheelEvent) => {
		event.preventDefault()
		const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY
		handlers.zoom(Math.exp(-pixels * WHEEL_ZOOM_PER_PIXEL))
	}

	canvas.addEventListener('pointerdown', onDown)
	canvas.addEventListener('pointermove', onMove)
	canvas.addEventListener('pointerup', onUp)
	canvas.addEventListener('pointercancel', onCancel)
	canvas.addEventListener('pointerleave', onLeave)
	canvas.addEventListener('wheel', onWheel, { passive: false })
	canvas.addEventListener('touchend', onTouchEnd, { passive: false })
	return () => {
		canvas.removeEventListener('pointerdown', onDown)
		canvas.removeEventListener('pointermove', onMove)
		canvas.removeEventListener('pointerup', onUp)
		canvas.removeEventListener('pointercancel', onCancel)
		canvas.removeEventListener('pointerleave', onLeave)
		canvas.removeEventListener('wheel', onWheel)
		canvas.removeEventListener('touchend', onTouchEnd)
	}
}

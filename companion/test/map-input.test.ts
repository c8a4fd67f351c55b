// The map's pointer gestures: a press without movement is a tap, a drag turns, two fingers pinch, the wheel zooms.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listenToGestures, type GestureHandlers } from '../src/plot/map-input'

type Call = [string, ...unknown[]]

let canvas: HTMLCanvasElement
let calls: Call[]
let stop: () => void

beforeEach(() => {
	canvas = document.createElement('canvas')
	document.body.append(canvas)
	calls = []
	const handlers: GestureHandlers = {
		turn: (dx, dy) => calls.push(['turn', dx, dy]),
		zoom: (factor) => calls.push(['zoom', factor]),
		point: (at) => calls.push(['point', at]),
		tap: (at) => calls.push(['tap', at]),
	}
	stop = listenToGestures(canvas, handlers)
})

afterEach(() => {
	stop()
	canvas.remove()
})

function pointer(type: string, id: number, x: number, y: number, pointerType = 'touch'): void {
	canvas.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: x, clientY: y, pointerType, bubbles: true }))
}

describe('the map gestures', () => {
	it('reports a press and release in place as a tap where it was pressed', () => {
		pointer('pointerdown', 1, 40, 50)
		pointer('pointermove', 1, 42, 51)
		pointer('pointerup', 1, 42, 51)

		expect(calls).toEqual([['tap', { x: 40, y: 50 }]])
	})

	it('turns by the movement of a drag and does not tap at its end', () => {
		pointer('pointerdown', 1, 40, 50)
		pointer('pointermove', 1, 50, 50)
		pointer('pointermove', 1, 60, 45)
		pointer('pointerup', 1, 60, 45)

		expect(calls).toEqual([
			['turn', 10, 0],
			['turn', 10, -5],
		])
	})

	it('zooms by the change of distance between two fingers', () => {
		pointer('pointerdown', 1, 100, 100)
		pointer('pointerdown', 2, 200, 100)
		pointer('pointermove', 2, 300, 100)
		pointer('pointerup', 2, 300, 100)
		pointer('pointerup', 1, 100, 100)

		expect(calls).toEqual([['zoom', 2]])
	})

	it('points with a mouse moving without a button, and at nothing when it leaves', () => {
		pointer('pointermove', 1, 10, 20, 'mouse')
		pointer('pointerleave', 1, 0, 0, 'mouse')

		expect(calls).toEqual([
			['point', { x: 10, y: 20 }],
			['point', null],
		])
	})

	it('ignores a move to where the pointer already was, as browsers send after a scroll', () => {
		pointer('pointerdown', 1, 40, 50)
		pointer('pointerup', 1, 40, 50)
		pointer('pointermove', 2, 40, 50, 'mouse')
		pointer('pointermove', 2, 41, 50, 'mouse')
		pointer('pointermove', 2, 41, 50, 'mouse')

		expect(calls).toEqual([
			['tap', { x: 40, y: 50 }],
			['point', { x: 41, y: 50 }],
		])
	})

	it('keeps the pointing when the canvas scrolls away under a resting mouse, as the list following the keys does', () => {
		pointer('pointerleave', 2, 46, 480, 'mouse')
		pointer('pointermove', 2, 10, 20, 'mouse')
		pointer('pointerleave', 2, 10, 20, 'mouse')

		expect(calls).toEqual([['point', { x: 10, y: 20 }]])
	})

	it('zooms in for the wheel turned away from the user, and keeps the page from scrolling', () => {
		const wheel = new WheelEvent('wheel', { deltaY: -100, cancelable: true })

		canvas.dispatchEvent(wheel)

		expect(calls[0]?.[0]).toBe('zoom')
		expect(calls[0]?.[1]).toBeGreaterThan(1)
		expect(wheel.defaultPrevented).toBe(true)
	})

	it('stops listening when stopped', () => {
		stop()

		pointer('pointerdown', 1, 40, 50)
		pointer('pointerup', 1, 40, 50)

		expect(calls).toEqual([])
	})
})

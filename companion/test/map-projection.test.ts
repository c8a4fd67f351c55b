// The map's projection maths: where a point lands on the canvas, which points are painted last, which one is picked.
import { describe, expect, it } from 'vitest'
import {
	AXIS_EDGES,
	backToFront,
	boxCorners,
	BOX_EDGES,
	fitPositions,
	normalise,
	pickPoint,
	project,
	rotate,
	turn,
	zoomBy,
	PITCH_LIMIT,
	type Camera,
	type Projected,
} from '../src/plot/projection'

const viewport = { width: 400, height: 300 }
/** At zoom 1 one cube half-width spans 30% of the shorter side: 90 px here. */
const UNIT = 90
const straight: Camera = { yaw: 0, pitch: 0, zoom: 1 }

const at = (x: number, y: number, depth = 6): Projected => ({ x, y, depth, scale: 6 / depth })

describe('the map projection', () => {
	it('puts the centre of the cube in the centre of the canvas', () => {
		expect(project([0, 0, 0], straight, viewport)).toEqual({ x: 200, y: 150, depth: 6, scale: 1 })
	})

	it('puts the first axis to the right and the third axis up when looking straight on', () => {
		expect(project([1, 0, 0], straight, viewport)).toMatchObject({ x: 200 + UNIT, y: 150, scale: 1 })
		expect(project([0, 0, 1], straight, viewport)).toMatchObject({ x: 200, y: 150 - UNIT, scale: 1 })
	})

	it('draws a point nearer the viewer larger and a turned point at its new place', () => {
		const near = project([0, -1, 0], straight, viewport)
		const turned = project([0, 1, 0], { ...straight, yaw: Math.PI / 2 }, viewport)

		expect(near).toMatchObject({ x: 200, y: 150, depth: 5, scale: 1.2 })
		expect(turned.x).toBeCloseTo(200 - UNIT)
		expect(turned.y).toBeCloseTo(150)
	})

	it('lifts the top of the cube towards the viewer when tilted from above', () => {
		const top = project([0, 0, 1], { ...straight, pitch: Math.PI / 4 }, viewport)

		expect(top.depth).toBeCloseTo(6 - Math.SQRT1_2)
		expect(top.y).toBeCloseTo(150 - Math.SQRT1_2 * (6 / (6 - Math.SQRT1_2)) * UNIT)
	})

	it('doubles the distances from the centre at zoom 2', () => {
		expect(project([1, 0, 0], { ...straight, zoom: 2 }, viewport).x).toBe(200 + 2 * UNIT)
	})

	it('orders points from the furthest to the nearest', () => {
		const points = [
			[0, 0, 0],
			[0, -1, 0],
			[0, 1, 0],
		].map((point) => project(point as [number, number, number], straight, viewport))

		expect(backToFront(points)).toEqual([2, 0, 1])
	})
})

describe('picking the point under the pointer', () => {
	it('picks the point in front where two discs overlap', () => {
		const points = [at(100, 100, 7), at(103, 100, 5), at(106, 100, 6)]

		expect(pickPoint(points, 104, 100, 8, 20)).toBe(1)
	})

	it('picks the nearest point within reach when no disc covers the pointer', () => {
		const points = [at(100, 100), at(140, 100)]

		expect(pickPoint(points, 125, 100, 5, 20)).toBe(1)
	})

	it('picks nothing beyond reach', () => {
		expect(pickPoint([at(100, 100)], 150, 150, 5, 20)).toBeNull()
	})
})

describe('fitting and moving', () => {
	it('fits the data into [-1, 1] with one scale for every axis', () => {
		const fit = fitPositions([
			[0, 0, 0],
			[4, 2, 1],
		])

		expect(fit).toEqual({ centre: [2, 1, 0.5], scale: 0.5 })
		expect(normalise([4, 2, 1], fit)).toEqual([1, 0.5, 0.25])
	})

	it('fits a single point without dividing by zero', () => {
		expect(fitPositions([[3, 3, 3]])).toEqual({ centre: [3, 3, 3], scale: 1 })
	})

	it('turns by half a circle for a drag across the shorter side and stops tilting short of the pole', () => {
		const dragged = turn(straight, -300, 0, viewport)
		const tilted = rotate(straight, 0, 10)

		expect(dragged.yaw).toBeCloseTo(Math.PI)
		expect(tilted.pitch).toBe(PITCH_LIMIT)
	})

	it('keeps the zoom within its limits', () => {
		expect(zoomBy(straight, 100).zoom).toBe(6)
		expect(zoomBy(straight, 0.001).zoom).toBe(0.4)
	})
})

describe('the box around the points', () => {
	it('has eight corners at the extremes and twelve edges along single axes', () => {
		const corners = boxCorners([
			[-1, 0, 0.5],
			[1, 0.5, -0.5],
		])

		expect(corners[0]).toEqual([-1, 0, -0.5])
		expect(corners[7]).toEqual([1, 0.5, 0.5])
		expect(BOX_EDGES).toHaveLength(12)
		for (const [from, to] of BOX_EDGES) {
			const differing = [0, 1, 2].filter((axis) => corners[from]![axis] !== corners[to]![axis])
			expect(differing).toHaveLength(1)
		}
		expect(AXIS_EDGES.map(([from, to]) => [corners[from], corners[to]])).toEqual([
			[corners[0], [1, 0, -0.5]],
			[corners[0], [-1, 0.5, -0.5]],
			[corners[0], [-1, 0, 0.5]],
		])
	})
})

// The map's 3D maths: fitting the data into a unit cube, turning it by the camera, projecting it onto the canvas with
// perspective, ordering it back to front and finding the point under the pointer.

export type Vec3 = [number, number, number]

/** How the user has turned and zoomed the map; angles in radians. */
export interface Camera {
	/** Turn around the vertical (third) axis. */
	yaw: number
	/** Tilt of the view from above; kept within ±PITCH_LIMIT. */
	pitch: number
	/** 1 fits the cube into the canvas. */
	zoom: number
}

export interface Viewport {
	width: number
	height: number
}

export interface Projected {
	x: number
	y: number
	/** Distance from the camera: larger is further away. */
	depth: number
	/** Perspective factor: near points look bigger. */
	scale: number
}

export const INITIAL_CAMERA: Camera = { yaw: -0.7, pitch: 0.45, zoom: 1 }
export const PITCH_LIMIT = Math.PI / 2 - 0.05
export const ZOOM_LIMITS: [number, number] = [0.4, 6]
/** Camera distance from the cube's centre, in cube half-widths. */
const CAMERA_DISTANCE = 6
/** Share of the canvas's shorter side that one cube half-width spans at zoom 1. */
const FIT = 0.3

/** Centre and one scale for all three axes, so that distances keep their meaning; the data spans at most [-1, 1]. */
export interface Fit {
	centre: Vec3
	scale: number
}

export function fitPositions(positions: Vec3[]): Fit {
	if (positions.length === 0) {
		return { centre: [0, 0, 0], scale: 1 }
	}
	const low: Vec3 = [Infinity, Infinity, Infinity]
	const high: Vec3 = [-Infinity, -Infinity, -Infinity]
	for (const position of positions) {
		for (const axis of [0, 1, 2] as const) {
			low[axis] = Math.min(low[axis], position[axis])
			high[axis] = Math.max(high[axis], position[axis])
		}
	}
	const centre: Vec3 = [(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2]
	const halfSpan = Math.max(high[0] - low[0], high[1] - low[1], high[2] - low[2]) / 2
	return { centre, scale: halfSpan > 0 ? 1 / halfSpan : 1 }
}

export function normalise(position: Vec3, fit: Fit): Vec3 {
	return [
		(position[0] - fit.centre[0]) * fit.scale,
		(position[1] - fit.centre[1]) * fit.scale,
		(position[2] - fit.centre[2]) * fit.scale,
	]
}

/**
 * Projects a normalised point: turn by yaw around the third axis, tilt by pitch, then perspective from a camera in
 * front of the cube. With yaw and pitch 0 the first axis points right, the third up and the second away from the
 * viewer; the cube's centre lands in the canvas's centre.
 */
export function project(point: Vec3, camera: Camera, viewport: Viewport): Projected {
	const [x, y, z] = point
	const cosYaw = Math.cos(camera.yaw)
	const sinYaw = Math.sin(camera.yaw)
	const right = x * cosYaw - y * sinYaw
	const away = x * sinYaw + y * cosYaw
	const cosPitch = Math.cos(camera.pitch)
	const sinPitch = Math.sin(camera.pitch)
	const up = z * cosPitch + away * sinPitch
	const towardViewer = z * sinPitch - away * cosPitch
	const depth = CAMERA_DISTANCE - towardViewer
	const scale = CAMERA_DISTANCE / depth
	const unit = Math.min(viewport.width, viewport.height) * FIT * camera.zoom
	return {
		x: viewport.width / 2 + right * scale * unit,
		y: viewport.height / 2 - up * scale * unit,
		depth,
		scale,
	}
}

/** Indices of the projected points from the furthest to the nearest: the order to paint them in. */
export function backToFront(projected: readonly Projected[]): number[] {
	return projected.map((_, index) => index).sort((a, b) => projected[b]!.depth - projected[a]!.depth)
}

/**
 * The point under the pointer at (x, y): of the points whose disc (`discRadius` pixels at scale 1, grown by
 * perspective) covers it, the one in front, since it is drawn on top; else the nearest within `reach` pixels (a finger
 * is less precise than a mouse); else null.
 */
export function pickPoint(
	projected: readonly Projected[],
	x: number,
	y: number,
	discRadius: number,
	reach: number,
): number | null {
	let front: number | null = null
	let nearest: number | null = null
	let nearestDistance = reach
	for (const [index, point] of projected.entries()) {
		const distance = Math.hypot(point.x - x, point.y - y)
		if (distance <= discRadius * point.scale && (front === null || point.depth < projected[front]!.depth)) {
			front = index
		}
		if (distance <= nearestDistance) {
			nearest = index
			nearestDistance = distance
		}
	}
	return front ?? nearest
}

/** The camera after a drag of (dx, dy) pixels: a drag across the whole shorter side turns the map by about 180°. */
export function turn(camera: Camera, dx: number, dy: number, viewport: Viewport): Camera {
	const perPixel = Math.PI / Math.max(1, Math.min(viewport.width, viewport.height))
	return rotate(camera, -dx * perPixel, dy * perPixel)
}

/** The camera turned by these angles (radians); the tilt stops short of looking straight down or up. */
export function rotate(camera: Camera, yaw: number, pitch: number): Camera {
	return {
		...camera,
		yaw: camera.yaw + yaw,
		pitch: Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, camera.pitch + pitch)),
	}
}

export function zoomBy(camera: Camera, factor: number): Camera {
	const zoom = Math.max(ZOOM_LIMITS[0], Math.min(ZOOM_LIMITS[1], camera.zoom * factor))
	return { ...camera, zoom }
}

/** The eight corners of the box around the points, numbered by bits: bit 0 is axis 1's high end, and so on. */
export function boxCorners(points: Vec3[]): Vec3[] {
	const low = [0, 1, 2].map((axis) => Math.min(...points.map((point) => point[axis]!)))
	const high = [0, 1, 2].map((axis) => Math.max(...points.map((point) => point[axis]!)))
	return [0, 1, 2, 3, 4, 5, 6, 7].map(
		(bits) => [0, 1, 2].map((axis) => ((bits >> axis) & 1 ? high[axis]! : low[axis]!)) as Vec3,
	)
}

/** The box's twelve edges: corner pairs that differ in exactly one axis. */
export const BOX_EDGES: [number, number][] = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((corner) =>
	[1, 2, 4].filter((bit) => (corner & bit) === 0).map((bit): [number, number] => [corner, corner | bit]),
)
/** Along which edge each axis is named: from the lowest corner along that axis. */
export const AXIS_EDGES: [number, number][] = [
	[0, 1],
	[0, 2],
	[0, 4],
]

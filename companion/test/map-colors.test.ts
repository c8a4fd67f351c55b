// The map's colours stay visible on Nextcloud's light and dark backgrounds, and the contrast maths is WCAG's.
import { describe, expect, it } from 'vitest'
import { DOC_TYPES } from '../src/api/knowledge'
import { contrastRatio, docTypeColor, isDarkColor, parseColor } from '../src/plot/map-colors'

/** Nextcloud 32's main backgrounds: the light theme's, and the dark theme's. */
const LIGHT_BACKGROUND = '#ffffff'
// unverified: the dark theme's --color-main-background (source: Nextcloud server's DarkTheme, not on the sheet)
const DARK_BACKGROUND = '#171717'

describe('the map colours', () => {
	it.each(DOC_TYPES)('draws %s points at 3:1 or more against both themes’ backgrounds', (type) => {
		expect(contrastRatio(docTypeColor(type, false), LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(3)
		expect(contrastRatio(docTypeColor(type, true), DARK_BACKGROUND)).toBeGreaterThanOrEqual(3)
	})

	it('gives every document type its own colour in each theme', () => {
		for (const isDark of [false, true]) {
			expect(new Set(DOC_TYPES.map((type) => docTypeColor(type, isDark))).size).toBe(DOC_TYPES.length)
		}
	})

	it('computes WCAG contrast: black on white is 21:1, a colour on itself 1:1', () => {
		expect(contrastRatio('#000', '#ffffff')).toBe(21)
		expect(contrastRatio('rgb(0, 103, 158)', '#00679e')).toBe(1)
		expect(contrastRatio('#222222', '#ffffff')).toBeCloseTo(15.9, 1)
	})

	it('reads hex and rgb() colours, and nothing else', () => {
		expect(parseColor('#0af')).toEqual([0, 170, 255])
		expect(parseColor('#00679eff')).toEqual([0, 103, 158])
		expect(parseColor('rgba(23, 23, 23, 0.5)')).toEqual([23, 23, 23])
		expect(parseColor('var(--x)')).toBeNull()
	})

	it('tells a dark background from a light one', () => {
		expect(isDarkColor(DARK_BACKGROUND)).toBe(true)
		expect(isDarkColor(LIGHT_BACKGROUND)).toBe(false)
	})
})

// The map's colours: one per document type (a colour-blind-safe set, in a light- and a dark-theme variant, each at
// least 3:1 against its theme's background), the theme's own colours read from Nextcloud's CSS variables, and the
// contrast maths that checks them.
import type { DocType } from '../api/knowledge'

type Rgb = [number, number, number]

/** Tones after Okabe and Ito's palette, darkened for white and lightened for dark backgrounds. */
const DOC_TYPE_COLORS: Record<DocType, { light: string; dark: string }> = {
	file: { light: '#0072b2', dark: '#56b4e9' },
	note: { light: '#a35a00', dark: '#e69f00' },
	deck_card: { light: '#00785a', dark: '#2ec4a0' },
	calendar_item: { light: '#c04a00', dark: '#ff8c55' },
	news_item: { light: '#a3448c', dark: '#e08ac4' },
	contact: { light: '#5e3c99', dark: '#b9a0ee' },
}

export interface ThemeColors {
	background: string
	text: string
	/** The cube's edges. */
	grid: string
	isDark: boolean
}

/** The theme's colours at `element` (Nextcloud's variables), with Nextcloud's light defaults where one is missing. */
export function readThemeColors(element: Element): ThemeColors {
	const style = getComputedStyle(element)
	const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
	const background = read('--color-main-background', '#ffffff')
	return {
		background,
		text: read('--color-main-text', '#222222'),
		grid: read('--color-border-maxcontrast', '#7d7d7d'),
		isDark: isDarkColor(background),
	}
}

export function docTypeColor(type: DocType, isDark: boolean): string {
	const colors = DOC_TYPE_COLORS[type]
	return isDark ? colors.dark : colors.light
}

export function isDarkColor(color: string): boolean {
	const rgb = parseColor(color)
	return rgb !== null && relativeLuminance(rgb) < 0.18
}

/** WCAG 2 contrast ratio of two colours (1–21); null when either is not a colour this function reads. */
export function contrastRatio(first: string, second: string): number | null {
	const a = parseColor(first)
	const b = parseColor(second)
	if (a === null || b === null) {
		return null
	}
	const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
	return (lighter + 0.05) / (darker + 0.05)
}

/** Reads `#rgb`, `#rrggbb`, `#rrggbbaa` and `rgb()`/`rgba()` (alpha ignored). */
export function parseColor(color: string): Rgb | null {
	const value = color.trim().toLowerCase()
	const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1]
	if (hex !== undefined) {
		const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.slice(0, 6)
		return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as Rgb
	}
	const channels = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(value)
	return channels ? [Number(channels[1]), Number(channels[2]), Number(channels[3])] : null
}

function relativeLuminance([red, green, blue]: Rgb): number {
	const linear = (channel: number) => {
		const value = channel / 255
		return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
	}
	return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

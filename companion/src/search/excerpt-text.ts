// Turns an indexed chunk into an excerpt a person reads: no Markdown marks, no title repeated at its start, and
// ISO 8601 times shown as dates in the user's locale and time zone (the browser's).
import { getCanonicalLocale } from '@nextcloud/l10n'

const ISO_DATE_TIME = /\b(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?\b/g

/** The excerpt of a hit titled `title`, ready to show. */
export function readableExcerpt(excerpt: string, title: string): string {
	return localiseTimes(stripMarkdown(dropLeadingTitle(excerpt, title)))
}

/** Removes Markdown's marks and keeps the words: headings, emphasis, code, links, images, lists, quotes, rules. */
export function stripMarkdown(text: string): string {
	return text
		.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
		.replace(/^\s{0,3}#{1,6}\s+/gm, '')
		.replace(/^\s{0,3}>\s?/gm, '')
		.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
		.replace(/^\s{0,3}(?:[-*_]\s*){3,}$/gm, '')
		.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
		.replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?=[^\w*]|$)/g, '$1$2')
		.replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
		.replace(/~~([^~]+)~~/g, '$1')
		.replace(/[ \t]*\n\s*/g, ' ')
		.trim()
}

/**
 * A first line that is just the title ("# Packing list", "Packing list:") is dropped: the title is shown above the
 * excerpt. A first line that only begins with the title's words ("Lighthouse restoration") stays.
 */
function dropLeadingTitle(text: string, title: string): string {
	const name = title.replace(/\.[a-z0-9]{1,5}$/i, '').trim()
	if (name === '') {
		return text
	}
	const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	const rest = text.replace(new RegExp(`^\\s*(?:#{1,6}\\s+)?${escaped}[ \\t]*(?:\\r?\\n|[:.|–—-](?:\\s|$))`, 'i'), '')
	return rest.trim() === '' ? text : rest
}

/** Each ISO 8601 time in the text as a medium date with a short time (a date without a time zone stays local). */
export function localiseTimes(text: string, timeZone?: string): string {
	const format = new Intl.DateTimeFormat(getCanonicalLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone })
	return text.replace(ISO_DATE_TIME, (match: string) => {
		const date = new Date(match)
		return Number.isNaN(date.getTime()) ? match : format.format(date)
	})
}

// What the sync status says about documents the search cannot find (skipped) or finds only in part, in words.
import { t } from '@nextcloud/l10n'
import { DOC_TYPES, type DocType, type SourceStatus } from '../api/knowledge'
import { labelDocType } from '../doc-type-labels'

/** One document type's left-out documents: how many, and why in words (most frequent reason first). */
export interface LeftOutLine {
	docType: DocType
	kind: 'skipped' | 'partial'
	count: number
	text: string
}

export interface LeftOutSummary {
	skipped: number
	partial: number
	lines: LeftOutLine[]
}

/** The sidecar's reason codes for documents it leaves out (its skip rules and readers). */
function skipReason(code: string): string | undefined {
	switch (code) {
		case 'unsupported type':
			return t('mcp_companion', 'of a type that cannot be read yet')
		case 'too large':
			return t('mcp_companion', 'too large')
		case 'no read permission':
			return t('mcp_companion', 'without permission to read them')
		case 'no file id':
			return t('mcp_companion', 'without a file id from Nextcloud')
		case 'neither an event nor a task':
			return t('mcp_companion', 'neither an event nor a task')
		case 'image: OCR is off':
			return t('mcp_companion', 'images, because reading scans (OCR) is off')
		case 'image: OCR unavailable':
			return t('mcp_companion', 'images, because OCR is not installed on the server')
		case 'corrupt file':
			return t('mcp_companion', 'damaged or not in the format their name says')
		case 'encrypted':
			return t('mcp_companion', 'protected with a password')
		case 'zip bomb':
			return t('mcp_companion', 'that would unpack to far more than their size')
		case 'too many entries':
			return t('mcp_companion', 'made of too many parts')
		case 'took too long to read':
			return t('mcp_companion', 'that took too long to read')
		case 'needs too much memory':
			return t('mcp_companion', 'that need too much memory to read')
		case 'not text':
			return t('mcp_companion', 'that are not text although their name says so')
		default:
			// An image OCR could not read: too many pixels, too slow, unreadable.
			return code.startsWith('image: ') ? t('mcp_companion', 'images that OCR could not read') : undefined
	}
}

/** The sidecar's reason codes for documents it indexes up to a limit. */
function partialReason(code: string): string | undefined {
	if (/^text beyond \d+ chunks$/.test(code)) {
		return t('mcp_companion', 'longer than the index keeps')
	}
	switch (code) {
		case 'PDF: pages beyond the page limit':
			return t('mcp_companion', 'PDFs with more pages than the limit')
		case 'PDF: text beyond the character limit':
			return t('mcp_companion', 'PDFs with more text than the limit')
		case 'PDF: a page took too long to read':
			return t('mcp_companion', 'PDFs with a page that took too long to read')
		case 'PDF: the PDF took too long to read':
			return t('mcp_companion', 'PDFs that took too long to read')
		case 'PDF: scanned pages not read (OCR is off)':
			return t('mcp_companion', 'PDFs with scanned pages, because reading scans (OCR) is off')
		case 'PDF: scanned pages not read (OCR unavailable)':
			return t('mcp_companion', 'PDFs with scanned pages, because OCR is not installed on the server')
		case 'PDF: scanned pages beyond the OCR page limit':
			return t('mcp_companion', 'PDFs with more scanned pages than the limit')
		case 'PDF: scanned pages beyond the OCR time limit':
			return t('mcp_companion', 'PDFs with more scanned pages than OCR had time for')
		case 'text beyond the character limit':
			return t('mcp_companion', 'documents with more text than the limit')
		default:
			// A scanned page of a PDF, or a page of an image, that OCR could not read.
			return /^(PDF: a scanned page|image: )/.test(code)
				? t('mcp_companion', 'scans with a page that OCR could not read')
				: undefined
	}
}

/** Counts by phrase, unknown codes together under a generic phrase (counted, never dropped), most frequent first. */
function describeReasons(counts: Record<string, number>, phrase: (code: string) => string | undefined): string {
	const byPhrase = new Map<string, number>()
	let other = 0
	for (const [code, count] of Object.entries(counts)) {
		if (!(count > 0)) continue
		const known = phrase(code)
		if (known === undefined) other += count
		else byPhrase.set(known, (byPhrase.get(known) ?? 0) + count)
	}
	const parts = [...byPhrase].sort((a, b) => b[1] - a[1]).map(([text, count]) => `${count} ${text}`)
	if (other > 0) parts.push(`${other} ${t('mcp_companion', 'for another reason')}`)
	return parts.join(', ')
}

const total = (counts: Record<string, number>): number =>
	Object.values(counts).reduce((sum, count) => sum + (count > 0 ? count : 0), 0)

/** Per document type (in the filter's order), the skipped and the partly indexed documents; types without any are left out. */
export function summariseLeftOut(sources: Partial<Record<DocType, SourceStatus>> | undefined): LeftOutSummary {
	const summary: LeftOutSummary = { skipped: 0, partial: 0, lines: [] }
	for (const docType of DOC_TYPES) {
		const source = sources?.[docType]
		if (!source) continue
		const skipped = total(source.skipped ?? {})
		if (skipped > 0) {
			summary.skipped += skipped
			summary.lines.push({
				docType,
				kind: 'skipped',
				count: skipped,
				text: t('mcp_companion', '{type}: {count} not searchable: {reasons}', {
					type: labelDocType(docType),
					count: skipped,
					reasons: describeReasons(source.skipped, skipReason),
				}),
			})
		}
		const partial = total(source.partial ?? {})
		if (partial > 0) {
			summary.partial += partial
			summary.lines.push({
				docType,
				kind: 'partial',
				count: partial,
				text: t('mcp_companion', '{type}: {count} searchable only in part: {reasons}', {
					type: labelDocType(docType),
					count: partial,
					reasons: describeReasons(source.partial, partialReason),
				}),
			})
		}
	}
	return summary
}

/** The one line shown closed: the totals. */
export function describeLeftOutTotals(summary: LeftOutSummary): string {
	const parts: string[] = []
	if (summary.skipped > 0) {
		parts.push(t('mcp_companion', 'Documents not searchable: {count}', { count: summary.skipped }))
	}
	if (summary.partial > 0) {
		parts.push(t('mcp_companion', 'Searchable only in part: {count}', { count: summary.partial }))
	}
	return parts.join(' · ')
}

// Splits text into plain and matching pieces for the words of a query, so templates can mark matches without v-html.

export interface TextPiece {
	text: string
	isMatch: boolean
}

/** Words of at least two letters or digits, in any script; at most 20, longest first so "budgets" wins over "budget". */
export function readQueryWords(query: string): string[] {
	const words = query.toLocaleLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []
	return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, 20)
}

/** The text cut at every case-insensitive occurrence of a query word; joining the pieces gives the text back. */
export function splitAtQueryWords(text: string, query: string): TextPiece[] {
	const words = readQueryWords(query)
	if (words.length === 0 || text === '') {
		return text === '' ? [] : [{ text, isMatch: false }]
	}
	const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'giu')
	const pieces: TextPiece[] = []
	let last = 0
	for (const match of text.matchAll(pattern)) {
		const start = match.index
		if (start > last) {
			pieces.push({ text: text.slice(last, start), isMatch: false })
		}
		pieces.push({ text: match[0], isMatch: true })
		last = start + match[0].length
	}
	if (last < text.length) {
		pieces.push({ text: text.slice(last), isMatch: false })
	}
	return pieces
}

function escapeRegExp(word: string): string {
	return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// What each document type is called on the search page, and the icon (a 24×24 SVG path) that marks its results.
import { t } from '@nextcloud/l10n'
import type { DocType } from './api/knowledge'

export function labelDocType(type: DocType): string {
	switch (type) {
		case 'file':
			return t('mcp_companion', 'Files')
		case 'note':
			return t('mcp_companion', 'Notes')
		case 'deck_card':
			return t('mcp_companion', 'Deck cards')
		case 'calendar_item':
			return t('mcp_companion', 'Calendar')
		case 'news_item':
			return t('mcp_companion', 'News')
		case 'contact':
			return t('mcp_companion', 'Contacts')
	}
}

/** Simple outlines drawn for this app: a page, a note, a card, a calendar, a feed, a person. */
export const DOC_TYPE_ICONS: Record<DocType, string> = {
	file: 'M6 2h8l6 6v14H4V2h2zm0 2v16h12V9h-5V4H6z',
	note: 'M4 3h16v18H4V3zm2 2v14h12V5H6zm2 2h8v2H8V7zm0 4h8v2H8v-2zm0 4h5v2H8v-2z',
	deck_card: 'M3 5h18v14H3V5zm2 2v10h14V7H5zm2 2h6v2H7V9z',
	calendar_item: 'M7 2h2v2h6V2h2v2h3v18H4V4h3V2zM6 9v11h12V9H6zm2 2h3v3H8v-3z',
	news_item:
		'M5 3a16 16 0 0 1 16 16h-3A13 13 0 0 0 5 6V3zm0 6a10 10 0 0 1 10 10h-3a7 7 0 0 0-7-7V9zm2 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
	contact:
		'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm0 8c4 0 8 2 8 5v2H4v-2c0-3 4-5 8-5zm0 2c-3 0-6 1.3-6 3h12c0-1.7-3-3-6-3z',
}

// What each scope of the MCP server's authorization server lets a client do, in the user's words
// (the sidecar's list: sidecar/src/auth/scope-catalogue.ts; companion/test checks both name the same scopes).
import { t } from '@nextcloud/l10n'

export const SCOPE_DESCRIPTIONS: Readonly<Record<string, () => string>> = {
	'files:read': () => t('mcp_companion', 'List, search and read your files'),
	'files:write': () => t('mcp_companion', 'Create, change, move and delete your files'),
	'notes:read': () => t('mcp_companion', 'Read your notes'),
	'notes:write': () => t('mcp_companion', 'Create, change and delete your notes'),
	'calendar:read': () => t('mcp_companion', 'Read your calendars, events and tasks'),
	'calendar:write': () => t('mcp_companion', 'Create, change and delete events and tasks'),
	'contacts:read': () => t('mcp_companion', 'Read your address books and contacts'),
	'contacts:write': () => t('mcp_companion', 'Create, change and delete contacts'),
	'deck:read': () => t('mcp_companion', 'Read your Deck boards and cards'),
	'deck:write': () => t('mcp_companion', 'Create, change, share and delete Deck boards and cards'),
	'news:read': () => t('mcp_companion', 'Read your News feeds and items'),
	'news:write': () => t('mcp_companion', 'Subscribe to feeds and mark items read or starred'),
	'mail:read': () => t('mcp_companion', 'Read your mail accounts and messages'),
	'mail:write': () => t('mcp_companion', 'Write, send, move and delete your mail'),
	'tables:read': () => t('mcp_companion', 'Read your Tables'),
	'tables:write': () => t('mcp_companion', 'Create, change and delete your tables, their columns, views and rows'),
	'cookbook:read': () => t('mcp_companion', 'Read your recipes'),
	'cookbook:write': () => t('mcp_companion', 'Create, change and delete recipes'),
	'collectives:read': () => t('mcp_companion', 'Read your collectives and their pages'),
	'collectives:write': () => t('mcp_companion', 'Create collectives and change, move and trash their pages'),
	'sharing:read': () => t('mcp_companion', 'See what you share and what is shared with you'),
	'sharing:write': () => t('mcp_companion', 'Share your files and change or end shares'),
	'search:read': () => t('mcp_companion', 'Search with Nextcloud’s unified search'),
	'knowledge:read': () => t('mcp_companion', 'Search the knowledge index of your documents'),
	'core:read': () => t('mcp_companion', 'See who you are and which apps your Nextcloud has'),
}

/** The sentence for a scope; a scope the companion does not know yet is shown as it is. */
export function describeScope(scope: string): string {
	return SCOPE_DESCRIPTIONS[scope]?.() ?? scope
}

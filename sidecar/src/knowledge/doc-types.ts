// The six kinds of document the knowledge index holds, by the names the API and the MCP tools use.
export const DOC_TYPES = ['file', 'note', 'deck_card', 'calendar_item', 'news_item', 'contact'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export function isDocType(value: unknown): value is DocType {
  return typeof value === 'string' && (DOC_TYPES as readonly string[]).includes(value);
}

// The scopes the sidecar's authorization server grants: per Nextcloud app of the MCP tools (mcp/tools/), `<app>:read`
// for tools that only read and `<app>:write` for tools that change something. App passwords carry no scopes, so the
// sidecar enforces them itself on /mcp (mcp/server-factory.ts: a tool needs the scope of its app and kind).

/** Each scope with the sentence the consent page shows for it. */
export const SCOPE_CATALOGUE: ReadonlyArray<{ scope: string; description: string }> = [
  { scope: 'files:read', description: 'List, search and read your files' },
  { scope: 'files:write', description: 'Create, change, move and delete your files' },
  { scope: 'notes:read', description: 'Read your notes' },
  { scope: 'notes:write', description: 'Create, change and delete your notes' },
  { scope: 'calendar:read', description: 'Read your calendars, events and tasks' },
  { scope: 'calendar:write', description: 'Create, change and delete events and tasks' },
  { scope: 'contacts:read', description: 'Read your address books and contacts' },
  { scope: 'contacts:write', description: 'Create, change and delete contacts' },
  { scope: 'deck:read', description: 'Read your Deck boards and cards' },
  { scope: 'deck:write', description: 'Create, change, share and delete Deck boards and cards' },
  { scope: 'news:read', description: 'Read your News feeds and items' },
  { scope: 'news:write', description: 'Subscribe to feeds and mark items read or starred' },
  { scope: 'mail:read', description: 'Read your mail accounts and messages' },
  { scope: 'mail:write', description: 'Write, send, move and delete your mail' },
  { scope: 'tables:read', description: 'Read your Tables' },
  { scope: 'tables:write', description: 'Create, change and delete your tables, their columns, views and rows' },
  { scope: 'cookbook:read', description: 'Read your recipes' },
  { scope: 'cookbook:write', description: 'Create, change and delete recipes' },
  { scope: 'collectives:read', description: 'Read your collectives and their pages' },
  { scope: 'collectives:write', description: 'Create collectives and change, move and trash their pages' },
  { scope: 'sharing:read', description: 'See what you share and what is shared with you' },
  { scope: 'sharing:write', description: 'Share your files and change or end shares' },
  { scope: 'search:read', description: "Search with Nextcloud's unified search" },
  { scope: 'knowledge:read', description: 'Search the knowledge index of your documents' },
  { scope: 'core:read', description: 'See who you are and which apps your Nextcloud has' },
];

export const SUPPORTED_SCOPES: readonly string[] = SCOPE_CATALOGUE.map((entry) => entry.scope);

/** The scope a tool of `app` needs: `<app>:read` when it only reads, else `<app>:write`. */
export function scopeForTool(app: string, readOnly: boolean): string {
  return `${app}:${readOnly ? 'read' : 'write'}`;
}

/** The message of a tool call whose token lacks the tool's scope. */
export function missingScopeMessage(tool: string, scope: string): string {
  return (
    `${tool} needs the scope "${scope}", which this connection was not granted. ` +
    'Connect the client again and allow it on the consent page.'
  );
}

/** The requested scopes the catalogue knows, in catalogue order; unknown ones are dropped. */
export function knownScopes(requested: Iterable<string>): string[] {
  const wanted = new Set(requested);
  return SUPPORTED_SCOPES.filter((scope) => wanted.has(scope));
}

export function describeScope(scope: string): string {
  return SCOPE_CATALOGUE.find((entry) => entry.scope === scope)?.description ?? scope;
}

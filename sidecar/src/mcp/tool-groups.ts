// Progressive discovery: tools come in groups (one per app); a session lists the default groups plus the ones it
// enabled with nc_core_enable_tool_groups, so that an assistant never holds every tool at once.
import type { ToolApp } from './tool-definition.js';

/**
 * Listed from the start: who the user is, files, search, notes and calendars (every Nextcloud has files, search and
 * calendars, and they are what an assistant is asked for most), and the knowledge search where the operator turned
 * it on. 47 tools and about 30 KB (`make bench` prints the size of each group); every other group costs one line in
 * nc_core_list_tool_groups until it is enabled.
 */
export const DEFAULT_TOOL_GROUPS: ReadonlySet<ToolApp> = new Set([
  'core',
  'files',
  'search',
  'notes',
  'calendar',
  'knowledge',
]);

/** One line per group, what nc_core_list_tool_groups says about it. */
export const TOOL_GROUP_SUMMARIES: Record<ToolApp, string> = {
  core: 'Who the user is, the Nextcloud version and apps, and these tool groups.',
  files: 'Read, write, move, search and restore files and folders.',
  search: "Nextcloud's unified search across apps.",
  notes: 'Notes: list, read, search, create, update, delete.',
  calendar: 'Calendars, events and tasks.',
  contacts: 'Address books and contacts.',
  deck: 'Deck boards and their shares, stacks, labels, cards, assignments and comments.',
  news: 'News feeds, folders and items: read, star, subscribe.',
  mail: 'Mail: accounts, mailboxes, reading and searching messages, drafts, replies and sending.',
  tables: 'Tables, their columns, views and rows.',
  cookbook: 'Cookbook recipes and categories.',
  collectives: 'Collectives and their pages as Markdown: read, search, write, move, trash.',
  sharing: 'Share files and folders with users, groups or by link.',
  knowledge: 'Semantic search over the indexed documents.',
};

/** The groups one session lists: the defaults, what it enabled, or everything (MCP_LIST_ALL_TOOLS). */
export interface ToolGroupSession {
  /** Whether the enabled groups outlive this request (false for a 2026-07-28 request, which has no session). */
  readonly persistent: boolean;
  isListed(app: ToolApp): boolean;
  /** Enables `apps`; returns the ones that were not listed before. */
  enable(apps: readonly ToolApp[]): ToolApp[];
}

export function createToolGroupSession(options: { listAll: boolean; persistent: boolean }): ToolGroupSession {
  const enabled = new Set<ToolApp>();
  const isListed = (app: ToolApp) => options.listAll || DEFAULT_TOOL_GROUPS.has(app) || enabled.has(app);
  return {
    persistent: options.persistent,
    isListed,
    enable(apps) {
      const added = apps.filter((app) => !isListed(app));
      for (const app of added) enabled.add(app);
      return added;
    },
  };
}

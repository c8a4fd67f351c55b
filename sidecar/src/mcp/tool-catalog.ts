// Every tool the sidecar offers, in a stable order (the order clients list them in).
import type { ToolDefinition } from './tool-definition.js';
import { CALENDAR_TOOLS } from './tools/calendar/catalog.js';
import { COLLECTIVES_TOOLS } from './tools/collectives/catalog.js';
import { CONTACTS_TOOLS } from './tools/contacts/catalog.js';
import { COOKBOOK_TOOLS } from './tools/cookbook.js';
import { CORE_TOOLS } from './tools/core.js';
import { DECK_TOOLS } from './tools/deck/catalog.js';
import { FILES_TOOLS } from './tools/files/catalog.js';
import { MAIL_TOOLS } from './tools/mail/catalog.js';
import { NEWS_TOOLS } from './tools/news/catalog.js';
import { NOTES_TOOLS } from './tools/notes/catalog.js';
import { SEARCH_TOOLS } from './tools/unified-search.js';
import { SHARING_TOOLS } from './tools/sharing.js';
import { TABLES_TOOLS } from './tools/tables/catalog.js';

export const ALL_TOOLS: ToolDefinition[] = [
  ...CORE_TOOLS,
  ...FILES_TOOLS,
  ...NOTES_TOOLS,
  ...CALENDAR_TOOLS,
  ...CONTACTS_TOOLS,
  ...DECK_TOOLS,
  ...NEWS_TOOLS,
  ...MAIL_TOOLS,
  ...TABLES_TOOLS,
  ...COOKBOOK_TOOLS,
  ...COLLECTIVES_TOOLS,
  ...SHARING_TOOLS,
  ...SEARCH_TOOLS,
];

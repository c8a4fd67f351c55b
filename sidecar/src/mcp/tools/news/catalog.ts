// Tools of the news app: folders, feeds, items as plain text, and marking items.
import type { ToolDefinition } from '../../tool-definition.js';
import { addFeedTool, listFeedsTool, listFoldersTool, moveFeedTool, removeFeedTool } from './feed-tools.js';
import { listItemsTool, markItemsTool } from './item-tools.js';

export const NEWS_TOOLS: ToolDefinition[] = [
  listFoldersTool,
  listFeedsTool,
  addFeedTool,
  removeFeedTool,
  moveFeedTool,
  listItemsTool,
  markItemsTool,
];

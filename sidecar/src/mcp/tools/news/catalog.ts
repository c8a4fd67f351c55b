// Tools of the news app: folders, feeds, items as plain text, and marking items.
import type { ToolDefinition } from '../../tool-definition.js';
import {
  addFeedTool,
  createFolderTool,
  deleteFolderTool,
  listFeedsTool,
  listFoldersTool,
  moveFeedTool,
  removeFeedTool,
  renameFolderTool,
} from './feed-tools.js';
import { listItemsTool, markItemsTool } from './item-tools.js';

export const NEWS_TOOLS: ToolDefinition[] = [
  listFoldersTool,
  createFolderTool,
  renameFolderTool,
  deleteFolderTool,
  listFeedsTool,
  addFeedTool,
  removeFeedTool,
  moveFeedTool,
  listItemsTool,
  markItemsTool,
];

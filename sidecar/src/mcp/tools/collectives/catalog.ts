// Tools of the collectives app: collectives, the page tree, page text as Markdown, trash, search and attachments.
import type { ToolDefinition } from '../../tool-definition.js';
import { createCollectiveTool, listCollectivesTool } from './collective-tools.js';
import { getPageTool, listAttachmentsTool, listPagesTool } from './page-read-tools.js';
import { createPageTool, movePageTool, restorePageTool, trashPageTool, updatePageTool } from './page-write-tools.js';

export const COLLECTIVES_TOOLS: ToolDefinition[] = [
  listCollectivesTool,
  createCollectiveTool,
  listPagesTool,
  getPageTool,
  createPageTool,
  updatePageTool,
  movePageTool,
  trashPageTool,
  restorePageTool,
  listAttachmentsTool,
];

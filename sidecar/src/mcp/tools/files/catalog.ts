// Tools of the files app: browse, read and write, organise, upload large files, trash bin and versions, all over
// Nextcloud's WebDAV with the caller's credentials, and comments, tags and favourites.
import type { ToolDefinition } from '../../tool-definition.js';
import { listFilesTool, searchFilesTool, statFileTool } from './browse-tools.js';
import { readTextTool, writeFileTool } from './content-tools.js';
import { COMMENT_TOOLS } from './comment-tools.js';
import { TAG_TOOLS } from './tag-tools.js';
import { listTrashTool, listVersionsTool, restoreTrashTool, restoreVersionTool } from './history-tools.js';
import { copyTool, deleteTool, makeFolderTool, moveTool } from './organize-tools.js';
import { uploadLargeTool } from './upload-tool.js';

export const FILES_TOOLS: ToolDefinition[] = [
  listFilesTool,
  statFileTool,
  readTextTool,
  writeFileTool,
  makeFolderTool,
  moveTool,
  copyTool,
  deleteTool,
  searchFilesTool,
  uploadLargeTool,
  listTrashTool,
  restoreTrashTool,
  listVersionsTool,
  restoreVersionTool,
  ...COMMENT_TOOLS,
  ...TAG_TOOLS,
];

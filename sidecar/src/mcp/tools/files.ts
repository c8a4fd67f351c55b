// Tools of the files app: browse, read and write, organise, upload large files, trash bin and versions, all over
// Nextcloud's WebDAV with the caller's credentials.
import type { ToolDefinition } from '../tool-definition.js';
import { listFilesTool, searchFilesTool, statFileTool } from './files/browse-tools.js';
import { readTextTool, writeFileTool } from './files/content-tools.js';
import { listTrashTool, listVersionsTool, restoreTrashTool } from './files/history-tools.js';
import { copyTool, deleteTool, makeFolderTool, moveTool } from './files/organize-tools.js';
import { uploadLargeTool } from './files/upload-tool.js';

export { readTextFile } from '../../platform/files/text-files.js';

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
];

// Tools of the tables app: tables and their views, columns, and rows (paged, filtered by a column, changed).
import type { ToolDefinition } from '../../tool-definition.js';
import { listColumnsTool, manageColumnTool } from './column-tools.js';
import { createRowTool, deleteRowTool, listRowsTool, updateRowTool } from './row-tools.js';
import { listTablesTool, manageTableTool } from './table-tools.js';

export const TABLES_TOOLS: ToolDefinition[] = [
  listTablesTool,
  manageTableTool,
  listColumnsTool,
  manageColumnTool,
  listRowsTool,
  createRowTool,
  updateRowTool,
  deleteRowTool,
];

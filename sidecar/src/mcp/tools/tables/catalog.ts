// Tools of the tables app: tables and their views (listed and managed), columns, and rows (paged, filtered by a
// column, changed).
import type { ToolDefinition } from '../../tool-definition.js';
import { listColumnsTool, manageColumnTool } from './column-tools.js';
import { createRowTool, deleteRowTool, listRowsTool, updateRowTool } from './row-tools.js';
import { listTablesTool, manageTableTool } from './table-tools.js';
import { manageViewTool } from './view-tools.js';

export const TABLES_TOOLS: ToolDefinition[] = [
  listTablesTool,
  manageTableTool,
  manageViewTool,
  listColumnsTool,
  manageColumnTool,
  listRowsTool,
  createRowTool,
  updateRowTool,
  deleteRowTool,
];

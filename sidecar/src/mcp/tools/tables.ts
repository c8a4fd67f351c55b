// Tools of the tables app (filled in by the tables work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const TABLES_TOOLS: ToolDefinition[] = [];

// Tools of the files app (filled in by the files work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const FILES_TOOLS: ToolDefinition[] = [];

// Tools of the search app (filled in by the search work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const SEARCH_TOOLS: ToolDefinition[] = [];
